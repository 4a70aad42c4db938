import { Router } from 'express';
import { openDataFaultProblem, openDataOperations, type OpenDataFault, type OpenDataFaultBook, type OpenDataOperation } from './faults';

// Test controls, mounted at /_control (open-data-control.ts is the typed client):
//
//   PUT    /faults   {faults: OpenDataFault[]}   replaces the fault list; 200 {faults} | 400 {error}
//   GET    /faults                               200 {faults}: what is still armed, `times` counted down
//   DELETE /faults                               204
//   GET    /requests                             200 {<operation>: n}: requests seen since the start (or the last reset)
//   DELETE /requests                             204: counts back to 0

export interface ControlState {
  faults: OpenDataFaultBook;
  requests: Record<OpenDataOperation, number>;
  logger: { info: (o: object, m: string) => void };
}

export const openDataControlRoutes = (state: ControlState): Router => {
  const router = Router();
  router.put('/faults', (req, res) => {
    const faults = (req.body as { faults?: unknown } | undefined)?.faults;
    const problem = openDataFaultProblem(faults);
    if (problem) return res.status(400).json({ error: problem });
    state.faults.replace(faults as OpenDataFault[]);
    state.logger.info({ faults: state.faults.list() }, 'faults set');
    res.json({ faults: state.faults.list() });
  });
  router.get('/faults', (_req, res) => {
    res.json({ faults: state.faults.list() });
  });
  router.delete('/faults', (_req, res) => {
    state.faults.clear();
    res.status(204).end();
  });
  router.get('/requests', (_req, res) => {
    res.json({ ...state.requests });
  });
  router.delete('/requests', (_req, res) => {
    for (const op of openDataOperations) state.requests[op] = 0;
    res.status(204).end();
  });
  return router;
};
