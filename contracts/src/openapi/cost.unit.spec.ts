import { defineOperation, type Operation } from '../rest/operation';
import { operations } from '../rest/operations';
import { z } from '../zod';
import { costParagraph } from './cost';
import { openApiDocument } from './document';

// The cost paragraph each operation's description opens with, written from its declared cost: the specification's
// costs (Limits: "address lookup, address retrieve, boundary: 35; property profile: 100; ...") read in the document as
// the gateway charges them.

const declared = (cost: Operation['cost'], extra: Partial<Operation> = {}) =>
  defineOperation({
    operationId: 'example',
    method: 'get',
    path: '/example',
    tag: 'Service',
    summary: 'An example',
    description: 'What it does.',
    cost,
    request: {},
    response: { status: 200, description: 'ok', mediaType: 'application/json', schema: z.object({}) },
    errors: {},
    ...extra,
  });

describe('the cost paragraph', () => {
  it('says the credits, what one charge is for and when the balance is checked', () => {
    const reserved = costParagraph(
      declared({ kind: 'per_call', credits: 35, charging: 'reserve_first' }, { chargedFor: 'completed lookup' }),
    );
    expect(reserved).toMatch(/^\*\*Cost:\*\* 35 credits per completed lookup; nothing for a refusal\. Charged `reserve_first`: /);
    expect(reserved).toContain('reserved before the work starts');
    const onAnswer = costParagraph(declared({ kind: 'per_call', credits: 1, charging: 'on_answer' }, { chargedFor: 'answer' }));
    expect(onAnswer).toMatch(/^\*\*Cost:\*\* 1 credit per answer; nothing for a refusal\. Charged `on_answer`: /);
    expect(onAnswer).toContain('checked and taken in one step once it is ready');
  });

  it('says free, public and per-order costs without a charging mode', () => {
    expect(costParagraph(declared({ kind: 'free' }))).toMatch(/^\*\*Cost:\*\* free: 0 credits/);
    expect(costParagraph(declared({ kind: 'free' }, { public: true }))).toContain('public: no key');
    expect(costParagraph(declared({ kind: 'per_order' }))).toContain("order's own price");
  });

  it('says each type of job its price, when it is reserved, taken and given back', () => {
    const paragraph = costParagraph(declared({ kind: 'per_report', credits: { 'property-pack': 90, 'area-pack': 1 } }));
    expect(paragraph).toMatch(/^\*\*Cost:\*\* a fixed price for each type: `property-pack` 90 credits, `area-pack` 1 credit\. /);
    expect(paragraph).toContain('taken once when it completes, and given back in full if it fails');
  });

  it('refuses a per-call operation that does not say what it charges for', () => {
    expect(() => costParagraph(declared({ kind: 'per_call', credits: 1, charging: 'on_answer' }))).toThrow(/chargedFor/);
  });

  it("opens every operation's description in the document, with the specification's costs", () => {
    const document = openApiDocument() as unknown as {
      paths: Record<string, Record<string, { operationId: string; description: string }>>;
    };
    const byId = new Map(
      Object.values(document.paths).flatMap((methods) => Object.values(methods).map((o) => [o.operationId, o.description] as const)),
    );
    for (const operation of Object.values(operations) as Operation[])
      expect(byId.get(operation.operationId)?.startsWith(`${costParagraph(operation)}\n\n`)).toBe(true);
    expect(byId.get('uprn_address_lookup')).toMatch(/^\*\*Cost:\*\* 35 credits per completed lookup;/);
    expect(byId.get('address_autocomplete_retrieve')).toMatch(/^\*\*Cost:\*\* 35 credits per successful retrieval;/);
    expect(byId.get('property_boundary')).toMatch(/^\*\*Cost:\*\* 35 credits per completed lookup;/);
    expect(byId.get('property_profile')).toMatch(/^\*\*Cost:\*\* 100 credits per completed profile;/);
    expect(byId.get('land_registry_title_lookup')).toMatch(/^\*\*Cost:\*\* 25 credits per completed lookup;/);
    expect(byId.get('property_ground_risk')).toMatch(/^\*\*Cost:\*\* 5 credits per successful screen;/);
    expect(byId.get('property_sold_comparables')).toMatch(/^\*\*Cost:\*\* 1 credit per call, also when no sale is found;/);
    expect(byId.get('address_autocomplete_find')).toMatch(/^\*\*Cost:\*\* free: 0 credits/);
  });
});
