import { childOf, qualify, readXml, textAt, textOf, writeXml, type Namespaced, type XmlContent, type XmlNode } from './xml';

// SOAP 1.1 as Business Gateway speaks it: document/literal, JAX-WS "wrapped" bodies. A request is the operation's
// element in the service's namespace holding an unqualified `arg0`, whose children are the request schema's elements
// (the schema's global element itself is not sent); a response is `<operation>Response` holding an unqualified
// `return` with the response schema's content. Every request carries the WS-Security username token (the password
// in clear, as the developer guide's figure shows: the channel is mutual TLS) and the ws-i18n locale, which is
// always `en`. A schema violation or an account problem comes back as a SOAP fault.

export const soapNamespace = 'http://schemas.xmlsoap.org/soap/envelope/';
export const wsseNamespace = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
export const passwordTextType = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText';
export const i18nNamespace = 'http://www.w3.org/2005/09/ws-i18n';

export interface Operation {
  /** The operation's element name, e.g. `searchProperties`. */
  name: string;
  /** The service's namespace, e.g. `http://epdv2_0.ws.bg.lr.gov/`. */
  namespace: string;
}

export interface Credentials {
  username: string;
  password: string;
}

const envelope = (header: XmlContent | undefined, body: XmlContent): string =>
  `<?xml version="1.0" encoding="UTF-8"?>${writeXml({
    'soapenv:Envelope': {
      '@_xmlns:soapenv': soapNamespace,
      ...(header ? { 'soapenv:Header': header } : {}),
      'soapenv:Body': body,
    },
  })}`;

/** A request envelope: the security and locale headers, and the operation with the content in its `arg0`. */
export const soapRequest = (operation: Operation, content: XmlContent, ns: Namespaced, credentials: Credentials): string =>
  envelope(
    {
      'wsse:Security': {
        '@_xmlns:wsse': wsseNamespace,
        'wsse:UsernameToken': {
          'wsse:Username': credentials.username,
          'wsse:Password': { '@_Type': passwordTextType, '#text': credentials.password },
        },
      },
      'i18n:international': { '@_xmlns:i18n': i18nNamespace, 'i18n:locale': 'en' },
    },
    {
      [`op:${operation.name}`]: {
        '@_xmlns:op': operation.namespace,
        arg0: { '@_xmlns:m': ns.namespace, ...qualify(content, 'm', ns.attributesQualified) },
      },
    },
  );

/** A response envelope: `<operation>Response` with the content in its `return`. */
export const soapResponse = (operation: Operation, content: XmlContent, ns: Namespaced): string =>
  envelope(undefined, {
    [`op:${operation.name}Response`]: {
      '@_xmlns:op': operation.namespace,
      return: { '@_xmlns:m': ns.namespace, ...qualify(content, 'm', ns.attributesQualified) },
    },
  });

export interface SoapFault {
  /** As sent, e.g. `soapenv:Server`, `soapenv:SchemaFault`. */
  code: string;
  message: string;
  /** One entry per problem the registry listed in the fault's detail. */
  details: string[];
}

/** A fault envelope, as the registry answers a request that breaks its schema or comes from an account it refuses. */
export const soapFault = (fault: SoapFault, operation: Operation): string =>
  envelope(undefined, {
    'soapenv:Fault': {
      faultcode: fault.code,
      faultstring: fault.message,
      ...(fault.details.length > 0 ? { detail: { 'op:SchemaException': fault.details, '@_xmlns:op': operation.namespace } } : {}),
    },
  });

/** What a response envelope holds: the operation's `return` content, or a fault. */
export type SoapAnswer = { kind: 'return'; content: XmlNode } | { kind: 'fault'; fault: SoapFault };

const bodyOf = (xml: string | Buffer): XmlNode => {
  const body = childOf(childOf(readXml(xml), 'Envelope'), 'Body');
  if (!body) throw new Error('not a SOAP envelope: no Envelope/Body');
  return body;
};

const faultOf = (fault: XmlNode): SoapFault => {
  const detail = childOf(fault, 'detail');
  const details = detail
    ? Object.entries(detail)
        .filter(([k]) => !k.startsWith('@_'))
        .flatMap(([, v]) => (Array.isArray(v) ? v : [v]).map((d) => textOf(d) ?? JSON.stringify(d)))
    : [];
  return { code: textAt(fault, 'faultcode') ?? '', message: textAt(fault, 'faultstring') ?? '', details };
};

export const readSoapResponse = (xml: string | Buffer, operation: Operation): SoapAnswer => {
  const body = bodyOf(xml);
  const fault = childOf(body, 'Fault');
  if (fault) return { kind: 'fault', fault: faultOf(fault) };
  const response = childOf(body, `${operation.name}Response`);
  if (!response) throw new Error(`SOAP response without ${operation.name}Response`);
  const content = childOf(response, 'return');
  if (!content) throw new Error(`SOAP response ${operation.name}Response without its return`);
  return { kind: 'return', content };
};

/** A request as the registry receives it: who sent it, which operation, and the `arg0` content. */
export interface SoapRequestRead {
  operation: string;
  credentials: Credentials | null;
  locale: string | null;
  content: XmlNode;
}

export const readSoapRequest = (xml: string | Buffer): SoapRequestRead => {
  const root = childOf(readXml(xml), 'Envelope');
  const body = childOf(root, 'Body');
  if (!body) throw new Error('not a SOAP envelope: no Envelope/Body');
  const [operation] = Object.keys(body).filter((k) => !k.startsWith('@_'));
  if (!operation) throw new Error('the SOAP body holds no operation');
  const header = childOf(root, 'Header');
  const token = childOf(childOf(header, 'Security'), 'UsernameToken');
  const username = textAt(token, 'Username');
  const password = textAt(token, 'Password');
  return {
    operation,
    credentials: username !== undefined && password !== undefined ? { username, password } : null,
    locale: textAt(childOf(header, 'international'), 'locale') ?? null,
    content: childOf(childOf(body, operation), 'arg0') ?? {},
  };
};
