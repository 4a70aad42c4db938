import type { PlanningConstraintsResult, PropertyEpcResult, Source } from '@pds/contracts';
import type { Asked, Sourced } from '../asking/ask-service';
import { energyCheck, planningChecks } from './checks';

// The lettings checks, by hand from their rules: the Energy Efficiency (Private Rented Property) (England and Wales)
// Regulations 2015 let a home rated E or better (F and G need a registered exemption); a listed building within 10 m of
// the address's point or an area it lies in applies; flood zone 3 is the Environment Agency's high probability.

type Constraint = PlanningConstraintsResult['constraints'][number];

const certificate = (currentRating: string | null, expiresOn: string): Asked<Sourced<PropertyEpcResult>> => ({
  ok: true,
  data: { data: { latest: { currentRating, certificateNumber: 'c-1', expiresOn } } as unknown as PropertyEpcResult, sources: [] },
});

const constraint = (type: Constraint['type'], distanceMetres: number, details: Record<string, string> = {}): Constraint => ({
  type,
  typeName: type,
  name: null,
  reference: null,
  entity: 1,
  distanceMetres,
  startDate: null,
  details,
});

const planning = (constraints: Constraint[], imported: string[]): Asked<Sourced<PlanningConstraintsResult>> => {
  const source: Source = {
    dataset: 'planning-data',
    title: 't',
    publisher: 'p',
    vintage: imported.join(', '),
    licence: 'l',
    attribution: 'a',
  };
  const data = { applicable: true, constraints } as unknown as PlanningConstraintsResult;
  return { ok: true, data: { data, sources: [source] } };
};

describe('the minimum energy efficiency check', () => {
  it('passes E, fails F, and says whether the certificate is still valid on the day (a UK date, to the day)', () => {
    expect(energyCheck(certificate('E', '2031-06-01'), '2026-11-29')).toMatchObject({
      checked: true,
      status: 'meets-minimum',
      rating: 'E',
      certificateValid: true,
    });
    expect(energyCheck(certificate('F', '2026-11-29'), '2026-11-29')).toMatchObject({
      checked: true,
      status: 'below-minimum',
      certificateValid: false,
    });
  });

  it('counts no certificate as a check made (a home cannot be let without one), and a failed lookup as not made', () => {
    expect(energyCheck({ ok: false, code: 'EPC_NOT_FOUND', message: 'none' }, '2026-11-29')).toMatchObject({
      checked: true,
      status: 'no-certificate',
      rating: null,
    });
    expect(energyCheck({ ok: false, code: 'EPC_SERVICE_ERROR', message: 'register down' }, '2026-11-29')).toMatchObject({
      checked: false,
      status: 'not-checked',
      reason: 'EPC_SERVICE_ERROR: register down',
    });
    expect(energyCheck(certificate(null, '2031-06-01'), '2026-11-29')).toMatchObject({ checked: false, status: 'not-checked' });
  });
});

describe('the planning checks', () => {
  const all = ['listed-building', 'conservation-area', 'flood-risk-zone'];

  it('finds a listed building 8 m away and the areas the point lies in; not a listed building 40 m away', () => {
    const found = planningChecks(
      planning(
        [
          constraint('listed-building', 8),
          constraint('listed-building', 40),
          constraint('conservation-area', 0),
          constraint('flood-risk-zone', 0, { 'flood-risk-level': '3' }),
          constraint('flood-risk-zone', 0, { 'flood-risk-level': '2' }),
        ],
        all,
      ),
      true,
    );
    expect(found.listedBuilding).toMatchObject({ checked: true, status: 'listed' });
    expect(found.listedBuilding.entries).toHaveLength(1);
    expect(found.conservationArea).toMatchObject({ checked: true, status: 'in-conservation-area' });
    // In zones 2 and 3 at once: zone 3, the higher.
    expect(found.floodZone).toMatchObject({ checked: true, status: 'flood-zone-3', reason: null });
  });

  it('says zone 1 where no zone applies, and makes no check whose dataset is not imported', () => {
    const found = planningChecks(planning([constraint('conservation-area', 120)], ['conservation-area', 'flood-risk-zone']), true);
    expect(found.conservationArea).toMatchObject({ checked: true, status: 'not-in-conservation-area' });
    expect(found.floodZone).toMatchObject({ checked: true, status: 'flood-zone-1' });
    expect(found.listedBuilding).toMatchObject({ checked: false, status: 'not-checked', reason: expect.stringMatching(/not imported/) });
  });

  it('makes none without the position, outside England, or when the constraints could not be had', () => {
    expect(planningChecks(null, false).floodZone.reason).toMatch(/position is not known/);
    const wales = {
      ok: true as const,
      data: { data: { applicable: false, constraints: [] } as unknown as PlanningConstraintsResult, sources: [] },
    };
    expect(planningChecks(wales, true).listedBuilding.reason).toMatch(/covers England/);
    expect(planningChecks({ ok: false, code: 'UPSTREAM_TIMEOUT', message: 'late' }, true).conservationArea.reason).toBe(
      'UPSTREAM_TIMEOUT: late',
    );
  });
});
