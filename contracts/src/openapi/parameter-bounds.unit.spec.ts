import type { Operation } from '../rest/operation';
import { operations } from '../rest/operations';
import type { z } from '../zod';
import { openApiDocument } from './document';

// The bounds the document declares for each numeric query parameter are the bounds its schema enforces, no more and
// no fewer: a caller reading `maximum` must not be refused below it, nor accepted above it, and a limit enforced must be
// declared (the analysis's `bedrooms` up to 100 and autocomplete's `limit` of 1 to 10 once were not). Each parameter is
// read as the gateway reads a query: a string.

type Schema = { type?: string; minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number };
type Parameter = { name: string; in: string; schema: Schema };

const document = openApiDocument() as unknown as { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

const numericParameters = (Object.values(operations) as Operation[]).flatMap((operation) => {
  const query = operation.request.query;
  const parameters = document.paths[operation.path]?.[operation.method]?.parameters ?? [];
  return parameters
    .filter((p) => p.in === 'query' && (p.schema.type === 'integer' || p.schema.type === 'number'))
    .map((p) => [`${operation.operationId} ${p.name}`, p.schema, query!.shape[p.name] as z.ZodTypeAny] as const);
});

describe('numeric query parameters', () => {
  it('are found (the document has them)', () => {
    expect(numericParameters.length).toBeGreaterThan(20);
    expect(numericParameters.map(([name]) => name)).toEqual(
      expect.arrayContaining(['property_analysis bedrooms', 'address_autocomplete_find limit']),
    );
  });

  it.each(numericParameters)('%s: the declared bounds are the enforced ones', (_name, schema, field) => {
    const accepts = (value: number) => field.safeParse(String(value)).success;
    const step = schema.type === 'integer' ? 1 : 0.001;
    if (schema.maximum !== undefined) expect([accepts(schema.maximum), accepts(schema.maximum + step)]).toEqual([true, false]);
    else if (schema.exclusiveMaximum !== undefined) expect(accepts(schema.exclusiveMaximum)).toBe(false);
    else expect(accepts(1e12)).toBe(true);
    if (schema.minimum !== undefined) expect([accepts(schema.minimum), accepts(schema.minimum - step)]).toEqual([true, false]);
    else if (schema.exclusiveMinimum !== undefined) expect(accepts(schema.exclusiveMinimum)).toBe(false);
    else expect(accepts(-1e12)).toBe(true);
  });

  it('include the two that were enforced but not declared', () => {
    const find = (name: string) => numericParameters.find(([n]) => n === name)![1];
    expect(find('property_analysis bedrooms')).toMatchObject({ minimum: 0, maximum: 100 });
    expect(find('address_autocomplete_find limit')).toMatchObject({ minimum: 1, maximum: 10, default: 6 });
  });
});
