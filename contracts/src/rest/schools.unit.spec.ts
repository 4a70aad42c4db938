import { SchoolsQuery } from './schools';

// The query of GET /area/schools: query strings carry text; defaults, bounds and the phase list.

const parse = (query: Record<string, string>) => SchoolsQuery.safeParse(query);
const issues = (query: Record<string, string>) => {
  const r = parse(query);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('the schools query', () => {
  it('defaults: 1000 m, every phase, open ones only, 20 at most', () => {
    expect(parse({ postcode: 'rg301aa' })).toEqual({
      success: true,
      data: { postcode: 'RG30 1AA', radiusMetres: 1000, includeClosed: false, limit: 20 },
    });
  });

  it('reads a list of phases by slug, each once, and the flags and bounds as given', () => {
    expect(
      parse({
        latitude: '53.8',
        longitude: '-1.55',
        phase: 'primary, all-through,primary',
        includeClosed: 'true',
        radiusMetres: '5000',
        limit: '100',
      }),
    ).toEqual({
      success: true,
      data: { latitude: 53.8, longitude: -1.55, phase: ['primary', 'all-through'], includeClosed: true, radiusMetres: 5000, limit: 100 },
    });
    expect(parse({ postcode: 'LS1 4AP', radiusMetres: '100', limit: '1', includeClosed: 'false' }).data).toMatchObject({
      radiusMetres: 100,
      limit: 1,
      includeClosed: false,
    });
  });

  it.each([
    [{ radiusMetres: '99' }, 'radiusMetres'],
    [{ radiusMetres: '5001' }, 'radiusMetres'],
    [{ radiusMetres: '1000.5' }, 'radiusMetres'],
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ phase: 'infant' }, 'phase.0'],
    [{ phase: 'primary,' }, 'phase.1'],
    [{ phase: 'Primary' }, 'phase.0'],
    [{ includeClosed: 'yes' }, 'includeClosed'],
    [{ type: 'academy' }, ''],
  ])('refuses %j', (extra, path) => {
    expect(issues({ postcode: 'LS1 4AP', ...extra })).toEqual([path]);
  });
});
