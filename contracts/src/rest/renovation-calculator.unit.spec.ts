import { RenovationUpliftQuery } from './renovation-calculator';

const parse = (query: Record<string, unknown>) => RenovationUpliftQuery.safeParse(query);
const failingField = (query: Record<string, unknown>) => {
  const r = parse(query);
  return r.success ? undefined : r.error.issues[0]?.path[0];
};

describe('renovation calculator query', () => {
  it('reads numbers from query text and applies the defaults', () => {
    expect(parse({ value: '250000', floorArea: '85.5' })).toEqual({
      success: true,
      data: { value: 250000, floorArea: 85.5, extensionArea: 0, renovationUplift: 0 },
    });
    expect(parse({ value: '2.5e5', floorArea: '100', extensionArea: '0', renovationUplift: '50' }).data).toEqual({
      value: 250000,
      floorArea: 100,
      extensionArea: 0,
      renovationUplift: 50,
    });
  });

  it.each([
    [{ floorArea: '100' }, 'value'],
    [{ value: '', floorArea: '100' }, 'value'],
    [{ value: '0', floorArea: '100' }, 'value'],
    [{ value: '-5', floorArea: '100' }, 'value'],
    [{ value: 'abc', floorArea: '100' }, 'value'],
    [{ value: 'Infinity', floorArea: '100' }, 'value'],
    [{ value: '0x10', floorArea: '100' }, 'value'],
    [{ value: ['1', '2'], floorArea: '100' }, 'value'],
    [{ value: '100' }, 'floorArea'],
    [{ value: '100', floorArea: '0' }, 'floorArea'],
    [{ value: '100', floorArea: '10', extensionArea: '-1' }, 'extensionArea'],
    [{ value: '100', floorArea: '10', renovationUplift: '50.01' }, 'renovationUplift'],
    [{ value: '100', floorArea: '10', renovationUplift: '-1' }, 'renovationUplift'],
  ])('rejects %j at %s', (query, field) => {
    expect(failingField(query)).toBe(field);
  });
});
