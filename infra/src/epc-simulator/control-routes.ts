import { Router } from 'express';
import { epcFaultProblem, type EpcFault } from './faults';
import type { EpcApiState } from './routes';

// Test controls, mounted at /_control (epc-control.ts is the typed client):
//
//   PUT    /faults   {faults: EpcFault[]}   replaces the fault list; 200 {faults} | 400 {error}
//   GET    /faults                          200 {faults}: what is still armed, `times` counted down
//   DELETE /faults                          204
//   GET    /requests                        200 {search, certificate}: API requests seen since the start (or the last reset)
//   DELETE /requests                        204: counts back to 0

export const epcControlRoutes = (state: EpcApiState): Router => {
  const router = Router();
  router.put('/faults', (req, res) => {
    const faults = (req.body as { faults?: unknown } | undefined)?.faults;
    const problem = epcFaultProblem(faults);
    if (problem) return res.status(400).json({ error: problem });
    state.faults.replace(faults as EpcFault[]);
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
    state.requests.search = 0;
    state.requests.certificate = 0;
    res.status(204).end();
  });
  return router;
};
