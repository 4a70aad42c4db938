import { openApiDocument } from '../openapi/document';

// The profile in the OpenAPI document against the specification's "Property profile" table and the operation's body
// table, field by field: types, which are required, and no additional properties at any level.

type Schema = Record<string, any>;
const schemas = (openApiDocument() as any).components.schemas as Record<string, Schema>;
/** The schema a reference (or a described reference, `allOf: [{$ref}, {description}]`) stands for. */
const resolve = (s: Schema): Schema =>
  s.$ref ? resolve(schemas[String(s.$ref).replace('#/components/schemas/', '')]!) : s.allOf ? resolve(s.allOf[0]) : s;
const at = (s: Schema, path: string): Schema => path.split('.').reduce((x, key) => resolve(resolve(x).properties[key]), s);

/** Every object schema reachable from `s`, with where it is. */
const objects = (s: Schema, where = ''): [string, Schema][] => {
  const r = resolve(s);
  const own: [string, Schema][] = r.type === 'object' ? [[where || '(root)', r]] : [];
  const inner = [
    ...Object.entries(r.properties ?? {}).map(([k, v]) => objects(v as Schema, `${where}.${k}`)),
    ...(r.items ? [objects(r.items, `${where}[]`)] : []),
    ...[...(r.anyOf ?? []), ...(r.oneOf ?? [])].map((v: Schema) => objects(v, where)),
  ];
  return [...own, ...inner.flat()];
};

const profile = schemas.PropertyProfile!;

describe("the property profile's schema", () => {
  it('requires exactly the top-level fields the specification requires', () => {
    expect([...profile.required].sort()).toEqual(
      ['complete', 'enquiries', 'facts', 'manualReviewRequired', 'property', 'title', 'unavailable'].sort(),
    );
  });

  it('allows no additional properties at any level', () => {
    const open = objects(profile).filter(([, o]) => o.additionalProperties !== false);
    expect(open.map(([where]) => where)).toEqual([]);
    expect(objects(profile).length).toBeGreaterThanOrEqual(7);
  });

  it('types each field as the table does', () => {
    for (const f of ['property.uprn', 'property.address', 'property.postcode']) expect(at(profile, f).type).toBe('string');
    expect(at(profile, 'property').required ?? []).toEqual([]);
    expect(at(profile, 'property.coordinates').required).toEqual(['latitude', 'longitude']);
    expect(at(profile, 'complete').type).toBe('boolean');
    const title = at(profile, 'title');
    expect(title.required).toEqual(['status']);
    for (const f of ['status', 'titleNumber', 'tenure', 'matchedAddress', 'reason', 'message'])
      expect([f, at(title, f).type]).toEqual([f, 'string']);
    expect(at(title, 'retryAfter')).toMatchObject({ type: 'string', format: 'date-time' });
    const candidate = resolve(at(title, 'candidates').items);
    expect(Object.keys(candidate.properties).sort()).toEqual(['matchedAddress', 'tenure', 'titleNumber']);
    expect(candidate.required ?? []).toEqual([]);
    const facts = at(profile, 'facts');
    expect(facts.required).toEqual(['planningConstraintCount']);
    expect(at(facts, 'planningConstraintCount').type).toBe('integer');
    for (const f of ['legalTenure', 'builtForm', 'councilTaxBand']) expect(at(facts, f).type).toBe('string');
    for (const f of ['numberOfFloors', 'floorAreaSqM', 'registeredAreaSqM']) expect(at(facts, f).type).toBe('number');
    const types = (s: Schema) => (s.anyOf ?? s.oneOf).map((t: Schema) => (t.type === 'array' ? `array of ${t.items.type}` : t.type));
    expect(types(at(facts, 'propertyType'))).toEqual(['string', 'array of string']);
    expect(types(at(facts, 'buildingAge.year'))).toEqual(['string', 'number']);
    expect(at(facts, 'buildingAge.period').type).toBe('string');
    expect(at(profile, 'manualReviewRequired').type).toBe('boolean');
    const enquiry = resolve(at(profile, 'enquiries').items);
    expect([...enquiry.required].sort()).toEqual(['code', 'message', 'priority']);
    for (const f of ['code', 'priority', 'message']) expect(resolve(enquiry.properties[f]).type).toBe('string');
    expect(resolve(at(profile, 'unavailable').items).type).toBe('string');
  });

  it('takes a body of `property` alone: a UPRN of 1 to 12 digits, or an address of 2 to 300 characters with a postcode of 5 to 12', () => {
    const body = schemas.PropertyProfileRequest!;
    expect([body.required, body.additionalProperties]).toEqual([['property'], false]);
    const [a, b] = resolve(at(body, 'property')).anyOf.map(resolve);
    expect([a.required, a.additionalProperties, a.properties.uprn.pattern]).toEqual([['uprn'], false, '^\\d{1,12}$']);
    expect([b.required, b.additionalProperties]).toEqual([['address', 'postcode'], false]);
    expect([b.properties.address.minLength, b.properties.address.maxLength]).toEqual([2, 300]);
    expect([b.properties.postcode.minLength, b.properties.postcode.maxLength]).toEqual([5, 12]);
  });
});
