import { join } from 'node:path';
import { validateAgainst, type SchemaVerdict } from './schema-validator';

// Checks a message against the schema of its service, as Business Gateway checks what it receives (an invalid request
// is answered with a SOAP fault) and as the tests check everything either side sends. The schemas in
// schemas/business-gateway/ are the project's own, written from the ones HM Land Registry publishes with the same
// namespaces, elements, order, cardinality and types. A schema validates a document rooted at its global element,
// while on the wire the same content sits in an unqualified `arg0` (request) or `return` (response):
// `payloadDocument` moves it under the global element, keeping every namespace declared around it.

export const schemaDirectory = join(__dirname, '..', '..', '..', 'schemas', 'business-gateway');

/**
 * The published schema each of ours is written from, by the name HM Land Registry's developer pack gives it. Where a
 * checker holds those files (BUSINESS_GATEWAY_PUBLISHED_SCHEMAS names their folder; the pack is not shipped here),
 * every message is checked against the published schema as well as ours, and must satisfy both.
 */
export const publishedSchemaNames: Readonly<Record<string, string>> = {
  'search-by-property-description-request.xsd': 'RequestSearchByPropertyDescriptionV2_0.xsd',
  'search-by-property-description-response.xsd': 'ResponseSearchByPropertyDescriptionV2_0.xsd',
  'official-copy-title-known-request.xsd': 'request_title_known_official_copy_v2_1.xsd',
  'official-copy-title-known-response.xsd': 'ResponseTitleKnownOfficialCopyV2_0.xsd',
  'official-copy-with-summary-request.xsd': 'RequestOCWithSummaryV2_0.xsd',
  'official-copy-with-summary-response.xsd': 'ResponseOCWithSummaryV2_1.xsd',
  'outstanding-requests-request.xsd': 'RequestOutstandingRequestsV2_1.xsd',
  'outstanding-requests-response.xsd': 'ResponseOutstandingRequestsV2_0.xsd',
  'poll-request.xsd': 'PollRequest.xsd',
};

const publishedSchema = (file: string): { name: string; path: string } | null => {
  const folder = process.env.BUSINESS_GATEWAY_PUBLISHED_SCHEMAS;
  const name = publishedSchemaNames[file];
  if (!folder || !name) return null;
  return { name, path: join(folder, name) };
};

export type { SchemaVerdict };

/**
 * Validates a document against one of the schemas by file name (e.g. `search-by-property-description-request.xsd`). A
 * document that is not well-formed XML is invalid, with the parser's messages.
 */
export const checkAgainstSchema = async (document: string, schemaFile: string): Promise<SchemaVerdict> => {
  const ours = await validateAgainst(document, join(schemaDirectory, schemaFile));
  const published = publishedSchema(schemaFile);
  if (!published) return ours;
  const theirs = await validateAgainst(document, published.path);
  return {
    valid: ours.valid && theirs.valid,
    errors: [...ours.errors, ...theirs.errors.map((e) => `published ${published.name}: ${e}`)],
  };
};

/**
 * The content of the envelope's `arg0` or `return` as a document rooted at `root` in `namespace`: the namespaces
 * declared anywhere in the envelope are declared on the new root, so the children mean what they meant on the wire.
 * Null when the envelope has no such wrapper.
 */
export const payloadDocument = (envelope: string, wrapper: 'arg0' | 'return', root: string, namespace: string): string | null => {
  const match = new RegExp(`<${wrapper}(\\s[^>]*)?(/>|>([\\s\\S]*)</${wrapper}>)`).exec(envelope);
  if (!match) return null;
  const inner = match[3] ?? '';
  const declared = new Map<string, string>();
  for (const [, prefix = '', uri = ''] of envelope.matchAll(/\sxmlns:([A-Za-z_][\w.-]*)="([^"]*)"/g)) {
    if (!declared.has(prefix)) declared.set(prefix, uri);
  }
  const defaultNs = /\sxmlns="([^"]*)"/.exec(match[1] ?? '')?.[1];
  const declarations = [...declared].map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`).join('');
  const rootElement = `bgroot:${root}`;
  return `<?xml version="1.0" encoding="UTF-8"?><${rootElement} xmlns:bgroot="${namespace}"${declarations}${
    defaultNs !== undefined ? ` xmlns="${defaultNs}"` : ''
  }>${inner}</${rootElement}>`;
};
