import { landRegistryDocumentAvailability, landRegistryTestRegisterExtraction, renovationUpliftCalculator } from '@pds/contracts';
import type { RawInput } from './handler';
import { readInput } from './read-input';

const raw = (given: Partial<RawInput>): RawInput => ({
  query: {},
  params: {},
  header: () => undefined,
  body: undefined,
  bodyPresent: false,
  ...given,
});

describe("reading an operation's input from its contract", () => {
  it('names the first failing parameter of the calculator by its own code, in declaration order', () => {
    const read = (query: Record<string, string>) => readInput(renovationUpliftCalculator, raw({ query }));
    expect(read({ value: '250000', floorArea: '100' })).toEqual({
      ok: true,
      value: {
        headers: undefined,
        params: undefined,
        query: { value: 250000, floorArea: 100, extensionArea: 0, renovationUplift: 0 },
        body: undefined,
      },
    });
    expect(read({ floorArea: 'x' })).toMatchObject({ ok: false, code: 'INVALID_VALUE', details: expect.stringMatching(/^value: /) });
    expect(read({ value: '1', floorArea: '0', renovationUplift: '90' })).toMatchObject({ ok: false, code: 'INVALID_FLOOR_AREA' });
    expect(read({ value: '1', floorArea: '1', renovationUplift: '90' })).toMatchObject({ ok: false, code: 'INVALID_RENOVATION_UPLIFT' });
  });

  it('normalises a title number in the path before checking it', () => {
    expect(readInput(landRegistryDocumentAvailability, raw({ params: { titleNumber: ' bk 509231' } }))).toMatchObject({
      ok: true,
      value: { params: { titleNumber: 'BK509231' } },
    });
    for (const titleNumber of ['   ', 'B-1234', 'ab']) {
      expect(readInput(landRegistryDocumentAvailability, raw({ params: { titleNumber } }))).toMatchObject({
        ok: false,
        code: 'INVALID_PARAMETERS',
        details: expect.stringMatching(/^titleNumber: /),
      });
    }
  });

  it('takes `{}` or no body at all where the body is optional, and refuses anything else', () => {
    const read = (body: unknown, bodyPresent: boolean) => readInput(landRegistryTestRegisterExtraction, raw({ body, bodyPresent }));
    expect(read({}, true)).toMatchObject({ ok: true, value: { body: {} } });
    expect(read(undefined, false)).toMatchObject({ ok: true, value: { body: {} } });
    expect(read({ titleNumber: 'BK509231' }, true)).toMatchObject({ code: 'INVALID_PARAMETERS', details: 'titleNumber: not allowed' });
    expect(read([], true)).toMatchObject({ code: 'INVALID_PARAMETERS' });
    // A body that is there but was not read as JSON (another Content-Type) is not `{}`.
    expect(read(undefined, true)).toMatchObject({ code: 'INVALID_PARAMETERS', details: expect.stringContaining('application/json') });
  });
});
