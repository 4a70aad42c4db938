import { createLogger } from '@pds/service-runtime';
import { Router } from 'express';
import { simulatorApp } from './app';
import { CountingSimulatorControl, SimulatorControl } from './control-client';
import { controlRoutes } from './control-routes';
import { listen, type RunningSimulator } from './listen';
import { answeredByFault, operationFaultBook, operationFaultProblem, RequestCounts, type OperationFault } from './operation-faults';

// A small environment made of the kit over HTTP: GET /api/:operation answers 200 {operation}, or what the fault it
// takes says (`error`: 500 {fault: true}; `slow`: the answer `delayMs` later). Its answers outside its routes are
// {problem}, so that each can be told from the kit's defaults.

type Op = 'search' | 'certificate';
type ToyFault = OperationFault<Op, 'slow' | 'error'>;

const logger = createLogger('simulator-kit-test', 'silent');
const faults = operationFaultBook<Op, 'slow' | 'error'>();
const requests = new RequestCounts<Op>(['search', 'certificate']);
const problemOf = operationFaultProblem(['search', 'certificate'], ['slow', 'error']);

const api = Router();
api.get('/boom', () => {
  throw new Error('the toy failed');
});
api.get('/:operation', async (req, res) => {
  const operation = req.params.operation as Op;
  const answers = { error: () => res.status(500).json({ fault: true }) };
  if (await answeredByFault({ faults, requests, logger }, operation, res, answers)) return;
  res.json({ operation });
});

let toy: RunningSimulator;
let control: CountingSimulatorControl<ToyFault, Record<Op, number>>;

beforeAll(async () => {
  const app = simulatorApp({
    logger,
    health: () => ({ things: 2 }),
    routes: (a) => a.use('/api', api),
    control: controlRoutes({ faults, problemOf, logger, requests }),
    answers: {
      invalid: (res, status, { message, type }) => res.status(status).json({ problem: message, type }),
      notFound: (res, message) => res.status(404).json({ problem: message }),
      failed: (res) => res.status(500).json({ problem: 'failed' }),
    },
  });
  toy = await listen(app, { port: 0, host: '127.0.0.1', apiPath: '/api' });
  control = new CountingSimulatorControl(toy.url, 'toy');
});
afterAll(async () => toy?.close());
beforeEach(async () => {
  await control.clearFaults();
  await control.resetRequests();
});

const get = async (operation: string) => {
  const res = await fetch(`${toy.url}/${operation}`);
  return { status: res.status, body: (await res.json()) as unknown };
};

describe('the controls', () => {
  it('arm faults, list them counted down, and clear them', async () => {
    const armed = await control.setFaults([{ operation: 'search', mode: 'error', times: 2 }, { mode: 'slow' }]);
    expect(armed).toEqual([{ operation: 'search', mode: 'error', times: 2 }, { mode: 'slow' }]);
    expect(await get('search')).toEqual({ status: 500, body: { fault: true } });
    expect(await control.faults()).toEqual([{ operation: 'search', mode: 'error', times: 1 }, { mode: 'slow' }]);
    await control.clearFaults();
    expect(await control.faults()).toEqual([]);
    expect(await get('search')).toEqual({ status: 200, body: { operation: 'search' } });
  });

  it('refuse a list that cannot be armed, keeping what was armed', async () => {
    await control.setFaults([{ mode: 'error' }]);
    await expect(control.setFaults([{ mode: 'gone' as 'error' }])).rejects.toThrow(
      'toy control PUT /_control/faults: 400 faults[0].mode must be one of slow, error',
    );
    const raw = await fetch(`${new URL(toy.url).origin}/_control/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ faults: 'all' }),
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ error: 'faults must be an array' });
    expect(await control.faults()).toEqual([{ mode: 'error' }]);
  });

  it('count requests by operation until reset', async () => {
    await get('search');
    await get('search');
    await get('certificate');
    expect(await control.requests()).toEqual({ search: 2, certificate: 1 });
    await control.resetRequests();
    expect(await control.requests()).toEqual({ search: 0, certificate: 0 });
  });
});

describe('faults under concurrent requests', () => {
  it('a fault armed for 3 calls fires on exactly 3 of 6 requests at once', async () => {
    await control.setFaults([{ operation: 'search', mode: 'error', times: 3 }]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('search')));
    expect(answers.filter((a) => a.status === 500)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(await control.faults()).toEqual([]);
    expect((await control.requests()).search).toBe(6);
  });

  it('two lists armed at once: one of them is armed whole, never a mix', async () => {
    const first: ToyFault[] = [{ operation: 'search', mode: 'error', times: 1 }];
    const second: ToyFault[] = [{ operation: 'certificate', mode: 'slow', delayMs: 5, times: 2 }, { mode: 'error' }];
    await Promise.all([control.setFaults(first), control.setFaults(second)]);
    expect([first, second]).toContainEqual(await control.faults());
  });

  it('a fault already taken runs its course when the list is armed anew', async () => {
    await control.setFaults([{ operation: 'search', mode: 'slow', delayMs: 300, times: 1 }]);
    const held = get('search');
    // Armed while the first request is held back: the next request takes the new fault, the first answers as slowed.
    await new Promise((r) => setTimeout(r, 50));
    await control.setFaults([{ operation: 'search', mode: 'error', times: 1 }]);
    expect(await get('search')).toEqual({ status: 500, body: { fault: true } });
    expect(await held).toEqual({ status: 200, body: { operation: 'search' } });
    expect(await control.faults()).toEqual([]);
  });
});

describe("the environment's answers outside its routes", () => {
  const origin = () => new URL(toy.url).origin;

  it('health, no route, an unreadable body and its own failure, each in its own format', async () => {
    expect(await (await fetch(`${origin()}/health`)).json()).toEqual({ status: 'ok', things: 2 });
    const missing = await fetch(`${origin()}/nowhere`);
    expect([missing.status, await missing.json()]).toEqual([404, { problem: 'no route GET /nowhere' }]);
    const unreadable = await fetch(`${origin()}/_control/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(unreadable.status).toBe(400);
    expect(await unreadable.json()).toMatchObject({ type: 'entity.parse.failed' });
    const failed = await fetch(`${toy.url}/boom`);
    expect([failed.status, await failed.json()]).toEqual([500, { problem: 'failed' }]);
  });

  it("a control refusal in the environment's own format, read back by the client", async () => {
    const book = operationFaultBook<Op, 'slow' | 'error'>();
    const app = simulatorApp({
      logger,
      routes: () => undefined,
      control: controlRoutes({
        faults: book,
        problemOf,
        logger,
        refuse: (res, problem) => res.status(400).json({ code: 'INVALID', message: problem }),
      }),
      answers: { invalid: () => undefined, notFound: (res) => res.status(404).end(), failed: () => undefined },
    });
    const other = await listen(app, { port: 0, host: '127.0.0.1' });
    try {
      await expect(new SimulatorControl<ToyFault>(other.url, 'other').setFaults([{ mode: 'error', times: 0 }])).rejects.toThrow(
        'other control PUT /_control/faults: 400 INVALID faults[0].times must be a whole number of at least 1',
      );
      // No request counts kept, so none served.
      expect((await fetch(`${other.url}/_control/requests`)).status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
