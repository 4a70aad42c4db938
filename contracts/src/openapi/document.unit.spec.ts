import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { errorsOf, referenceDataTags, type Operation } from '../rest/operation';
import { operations } from '../rest/operations';
import { openApiDocument } from './document';

// The document is checked by Redocly's linter (recommended rules) in a child process, because the linter is an ES
// module and jest's loader is not; the compiled `lint.js` is what `npm run openapi:lint` runs too.

type Doc = { paths: Record<string, Record<string, any>>; tags: Array<{ name: string }> };
// Built once: the tests only read it, and building it takes a few hundred milliseconds.
let built: Doc | undefined;
const doc = () => (built ??= openApiDocument() as unknown as Doc);
const op = (path: string, method: string) => doc().paths[path]![method];

describe('the OpenAPI document', () => {
  it('passes Redocly lint with no finding left unexplained', () => {
    const run = spawnSync(process.execPath, [join(__dirname, '..', '..', 'dist', 'openapi', 'lint.js')], { encoding: 'utf8' });
    expect(run.stdout).toMatch(/, 0 unexplained\n$/);
    expect(run.status).toBe(0);
  });

  it("declares every tag of the specification's operation groups", () => {
    expect(doc().tags.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'Address and Identity',
        'Land Registry',
        'Property Analysis',
        'Property Reports',
        'Property Due Diligence',
        'Location Intelligence',
        'Property Finance',
        'Market Data',
      ]),
    );
  });

  it('gives the calculator its ranges and defaults', () => {
    const params = Object.fromEntries(op('/property/renovation-uplift-calculator', 'get').parameters.map((p: any) => [p.name, p.schema]));
    expect(params.value).toMatchObject({ type: 'number', exclusiveMinimum: 0 });
    expect(params.floorArea).toMatchObject({ type: 'number', exclusiveMinimum: 0 });
    expect(params.extensionArea).toMatchObject({ minimum: 0, default: 0 });
    expect(params.renovationUplift).toMatchObject({ minimum: 0, maximum: 50, default: 0 });
  });

  it('gives maximumChargePence as the integer enum 700/1400', () => {
    const ref: string = op('/land-registry/title-orders', 'post').requestBody.content['application/json'].schema.$ref;
    const body = (openApiDocument() as any).components.schemas[ref.replace('#/components/schemas/', '')];
    const schema = body.properties.purchaseAuthorisation.properties.maximumChargePence;
    expect(schema).toMatchObject({ type: 'integer', enum: [700, 1400] });
  });

  it('puts Retry-After on every 429 and 503, and only the charge header on a 401', () => {
    for (const methods of Object.values(doc().paths)) {
      for (const operation of Object.values(methods)) {
        for (const [status, response] of Object.entries(operation.responses as Record<string, any>)) {
          if (status === '429' || status === '503') expect(Object.keys(response.headers)).toContain('Retry-After');
          if (status === '401') expect(Object.keys(response.headers).sort()).toEqual(['X-Credits-Charged', 'X-Request-Id']);
        }
      }
    }
  });

  it('lists under its error statuses exactly the codes the operation can answer with', () => {
    for (const operation of Object.values(operations) as Operation[]) {
      const responses = op(operation.path, operation.method).responses as Record<string, any>;
      const codes = Object.entries(responses)
        .filter(([status]) => Number(status) >= 400)
        .flatMap(([, r]) => r.content['application/json'].schema.properties.error.properties.code.enum as string[]);
      expect(codes.sort()).toEqual(Object.keys(errorsOf(operation)).sort());
    }
  });

  it('says under 503 of every reference-data operation that its data may be arriving, and of every charged one that billing may be silent', () => {
    const all = Object.values(operations) as Operation[];
    const described = (operation: Operation) =>
      (op(operation.path, operation.method).responses as Record<string, { description: string }>)['503']!.description;
    const arriving = /`SERVICE_UNAVAILABLE`: [^\n]*still arriving/;
    const ofReferenceData = all.filter((operation) => referenceDataTags.has(operation.tag));
    // Sold comparables and valuation declare a 503 of their own (no Price Paid Data imported): it comes first, and the
    // common causes follow.
    const soldComparables = ofReferenceData.find((operation) => operation.path.endsWith('/sold-comparables'))!;
    expect(soldComparables.errors.SERVICE_UNAVAILABLE).toBeDefined();
    expect(described(soldComparables)).toMatch(
      /`SERVICE_UNAVAILABLE`: No Price Paid Data is imported yet; or the billing service did not answer in time, .*, or the reference data/,
    );
    for (const operation of ofReferenceData) expect(`${operation.path} ${described(operation)}`).toMatch(arriving);
    // Every operation charged per call can find the billing service silent, its own 503 or not.
    for (const operation of all.filter((o) => o.cost.kind === 'per_call'))
      expect(`${operation.path} ${described(operation)}`).toMatch(
        /`SERVICE_UNAVAILABLE`: [^\n]*the billing service did not answer in time/i,
      );
    // The account and report groups read no reference data, and do not say so.
    const account = all.filter((operation) => operation.tag === 'Account' && !operation.public);
    expect(account.length).toBeGreaterThan(0);
    for (const operation of account) expect(described(operation)).not.toMatch(/still arriving/);
  });
});
