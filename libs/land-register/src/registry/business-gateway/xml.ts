import { XMLBuilder, XMLParser } from 'fast-xml-parser';

// The XML of Business Gateway's messages, written and read.
//
// A message is written as a plain object keyed by the schema's local names, in the schema's order (`{ID: {MessageID:
// 'abc'}, Product: {...}}`); attributes are keys beginning `@_`; a repeated element is an array. `qualified` puts every
// element (and, where the schema says attributes are qualified too, every attribute) in the message's namespace under
// one prefix, so the same content is written as the payload of a SOAP operation (inside its unqualified `arg0` or
// `return`) and as a document rooted at the schema's global element, which is how it is checked against the schema.
//
// Reading drops prefixes: HM Land Registry has changed the prefixes of its responses before and says it may again, and
// within one message every local name means one thing. Values are kept as text (a title number such as `0123` or a
// price of `3.00` must not become a number).

export type XmlContent = { [name: string]: XmlValue };
export type XmlValue = string | number | boolean | XmlContent | XmlValue[] | undefined;

export interface Namespaced {
  namespace: string;
  /** The schema's attributeFormDefault: whether attributes are written in the namespace too. */
  attributesQualified: boolean;
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: false, format: false });

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
});

/** Content with every element (and, when qualified, attribute) put under `prefix`; undefined values are left out. */
export const qualify = (content: XmlContent, prefix: string, attributesQualified: boolean): XmlContent => {
  const out: XmlContent = {};
  for (const [name, value] of Object.entries(content)) {
    if (value === undefined) continue;
    if (name === '#text') out[name] = value;
    else if (name.startsWith('@_')) out[attributesQualified ? `@_${prefix}:${name.slice(2)}` : name] = value;
    else out[`${prefix}:${name}`] = qualifyValue(value, prefix, attributesQualified);
  }
  return out;
};

const qualifyValue = (value: XmlValue, prefix: string, attributesQualified: boolean): XmlValue => {
  if (Array.isArray(value)) return value.map((v) => qualifyValue(v, prefix, attributesQualified));
  if (typeof value === 'object') return qualify(value, prefix, attributesQualified);
  return value;
};

export const writeXml = (content: XmlContent): string => builder.build(content) as string;

/** The content as a document rooted at the schema's global element `root`: the form its schema checks. */
export const asDocument = (content: XmlContent, root: string, ns: Namespaced): string =>
  `<?xml version="1.0" encoding="UTF-8"?>${writeXml({
    [`m:${root}`]: { '@_xmlns:m': ns.namespace, ...qualify(content, 'm', ns.attributesQualified) },
  })}`;

export type XmlNode = { [name: string]: unknown };

export const readXml = (xml: string | Buffer): XmlNode => parser.parse(xml) as XmlNode;

/** A child that may appear any number of times, always as a list. */
export const many = (value: unknown): XmlNode[] => {
  if (value === undefined || value === null || value === '') return [];
  return (Array.isArray(value) ? value : [value]) as XmlNode[];
};

/** An element's text: a leaf is read as a string, an element with attributes as its `#text`. */
export const textOf = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && '#text' in value) return String((value as XmlNode)['#text']);
  if (typeof value === 'object' && Object.keys(value).every((k) => k.startsWith('@_'))) return '';
  return undefined;
};

export const childOf = (node: unknown, name: string): XmlNode | undefined => {
  if (typeof node !== 'object' || node === null) return undefined;
  const value = (node as XmlNode)[name];
  if (Array.isArray(value)) return value[0] as XmlNode;
  return typeof value === 'object' && value !== null ? (value as XmlNode) : value === '' ? {} : undefined;
};

/** Text at a path of child names, or undefined. */
export const textAt = (node: unknown, ...path: string[]): string | undefined => {
  let at: unknown = node;
  for (const name of path.slice(0, -1)) at = childOf(at, name);
  if (typeof at !== 'object' || at === null) return undefined;
  const last = (at as XmlNode)[path[path.length - 1] ?? ''];
  return textOf(Array.isArray(last) ? last[0] : last);
};
