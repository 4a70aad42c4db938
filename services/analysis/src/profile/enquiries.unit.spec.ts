import type { PlanningConstraintsResult, PropertyEpcResult } from '@pds/contracts';
import { enquiriesOf, type Findings } from './enquiries';

type Constraint = PlanningConstraintsResult['constraints'][number];

const matched = { status: 'matched' as const, titleNumber: 'BK301194', tenure: 'freehold' };
const constraint = (type: Constraint['type'], details: Record<string, string> = {}): Constraint => ({
  type,
  typeName: type,
  name: null,
  reference: null,
  entity: 1,
  distanceMetres: 0,
  startDate: null,
  details,
});
const certificate = (rating: string, expired: boolean) =>
  ({ latest: { currentRating: rating, expired, expiresOn: '2024-03-01' }, history: [] }) as unknown as PropertyEpcResult;
const codes = (f: Partial<Findings>) =>
  enquiriesOf({ title: matched, legalTenure: 'freehold', epc: certificate('C', false), planning: [], ...f }).map((e) => [
    e.code,
    e.priority,
  ]);

describe('the enquiries of a profile', () => {
  it('asks only for the council tax band of a freehold house with a current C certificate and no constraint', () => {
    expect(codes({})).toEqual([['COUNCIL_TAX_BAND', 'low']]);
  });

  it('raises the title: none registered, several, leasehold', () => {
    expect(codes({ title: { status: 'no_match' }, legalTenure: undefined })).toEqual([
      ['NO_REGISTERED_TITLE', 'high'],
      ['COUNCIL_TAX_BAND', 'low'],
    ]);
    const several = { status: 'multiple_titles' as const, candidates: [{ titleNumber: 'A' }, { titleNumber: 'B' }] };
    expect(enquiriesOf({ title: several, legalTenure: 'freehold', epc: 'none', planning: [] })[0]).toEqual({
      code: 'MULTIPLE_TITLES',
      priority: 'high',
      message: 'HM Land Registry holds 2 titles for the property: confirm which the sale includes.',
    });
    expect(codes({ legalTenure: 'leasehold' })).toEqual([
      ['LEASEHOLD', 'medium'],
      ['COUNCIL_TAX_BAND', 'low'],
    ]);
  });

  it('raises the certificate: none, rated F or G (2015 Regulations), expired', () => {
    expect(codes({ epc: 'none' })[0]).toEqual(['NO_ENERGY_CERTIFICATE', 'medium']);
    expect(codes({ epc: certificate('F', true) })).toEqual([
      ['ENERGY_RATING_BELOW_MINIMUM', 'high'],
      ['ENERGY_CERTIFICATE_EXPIRED', 'medium'],
      ['COUNCIL_TAX_BAND', 'low'],
    ]);
    expect(codes({ epc: certificate('G', false) })[0]).toEqual(['ENERGY_RATING_BELOW_MINIMUM', 'high']);
    expect(codes({ epc: certificate('E', false) })).toEqual([['COUNCIL_TAX_BAND', 'low']]);
  });

  it('raises nothing of a part not had (it is in `unavailable` instead)', () => {
    expect(codes({ epc: null, planning: null })).toEqual([['COUNCIL_TAX_BAND', 'low']]);
  });

  it('raises each kind of planning constraint once, most pressing first; zone 3 says it for zone 2', () => {
    const found = [
      constraint('conservation-area'),
      constraint('flood-risk-zone', { 'flood-risk-level': '2' }),
      constraint('flood-risk-zone', { 'flood-risk-level': '3' }),
      constraint('listed-building', { 'listed-building-grade': 'II' }),
      constraint('listed-building-outline'),
      constraint('tree-preservation-zone'),
      constraint('green-belt'),
    ];
    expect(codes({ planning: found })).toEqual([
      ['FLOOD_ZONE_3', 'high'],
      ['LISTED_BUILDING', 'high'],
      ['CONSERVATION_AREA', 'medium'],
      ['TREE_PRESERVATION_ORDER', 'medium'],
      ['GREEN_BELT', 'low'],
      ['COUNCIL_TAX_BAND', 'low'],
    ]);
    expect(codes({ planning: [constraint('flood-risk-zone', { 'flood-risk-level': '2' })] })[0]).toEqual(['FLOOD_ZONE_2', 'medium']);
  });

  it('says in Wales that planning constraints are not covered', () => {
    expect(codes({ planning: 'wales' })).toEqual([
      ['PLANNING_NOT_COVERED_IN_WALES', 'medium'],
      ['COUNCIL_TAX_BAND', 'low'],
    ]);
  });
});
