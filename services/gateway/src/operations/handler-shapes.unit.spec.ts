import { handlers } from './handlers';
import { checkHandlerShapes, type Handlers } from './router';

// How each operation is charged is its declaration's (`cost.charging`), not its handler's: the handler of an
// `on_answer` operation gives its work for the pipeline to charge on the answer, a `reserve_first` one handles the call
// or gives its one command for the pipeline to chain between the reservation and the capture, every other handles the
// call. The router checks that at start, so a handler of the wrong shape stops the gateway instead of charging the
// wrong way.

describe("the handlers' shapes", () => {
  it('match the charging each operation declares', () => {
    expect(() => checkHandlerShapes(handlers)).not.toThrow();
    // Declared on_answer (specification costs: renovation calculator 1 credit) and reserve_first (title lookup 25,
    // handled; crime 1, its command given).
    expect('work' in handlers.renovation_uplift_calculator).toBe(true);
    expect('handle' in handlers.land_registry_title_lookup).toBe(true);
    expect('work' in handlers.area_crime).toBe(true);
  });

  it('refuse an on_answer operation handled as if reserved first, a free one giving work, and a handler of both shapes', () => {
    const handle = async () => ({ ok: true as const, data: {} });
    const work = async () => ({ ok: true as const, data: {} });
    const asReserved = { ...handlers, renovation_uplift_calculator: { handle } } as unknown as Handlers;
    expect(() => checkHandlerShapes(asReserved)).toThrow(/renovation_uplift_calculator: its handler must give its work \(on_answer\)/);
    const freeWork = { ...handlers, account_show: { work } } as unknown as Handlers;
    expect(() => checkHandlerShapes(freeWork)).toThrow(/account_show: its handler must handle the call$/);
    const both = { ...handlers, area_crime: { handle, work } } as unknown as Handlers;
    expect(() => checkHandlerShapes(both)).toThrow(/area_crime: its handler must handle the call or give its command \(reserve_first\)/);
  });
});
