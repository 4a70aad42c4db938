import { Router } from 'express';
import { faultProblem, type Fault } from './faults';
import type { RegistryState } from './registry-state';

// Test controls, mounted at /_control (registry-control.ts is the typed client):
//
//   PUT    /faults   {faults: Fault[]}   replaces the fault list; 200 {faults} | 400 INVALID_REQUEST
//   GET    /faults                       200 {faults}: what is still armed, `times` counted down
//   DELETE /faults                       204
//   GET    /orders                       200 {orders: RegistryOrderRecord[], submissions: {[clientReference]: attempts}}

export const controlRoutes = (state: RegistryState): Router => {
  const router = Router();

  router.put('/faults', (req, res) => {
    const faults = (req.body as { faults?: unknown } | undefined)?.faults;
    const problem = faultProblem(faults);
    if (problem) return res.status(400).json({ code: 'INVALID_REQUEST', message: problem });
    state.faults.replace(faults as Fault[]);
    state.logger.info({ faults: state.faults.list() }, 'faults set');
    res.json({ faults: state.faults.list() });
  });

  router.get('/faults', (_req, res) => {
    res.json({ faults: state.faults.list() });
  });

  router.delete('/faults', (_req, res) => {
    state.faults.clear();
    state.logger.info('faults cleared');
    res.status(204).end();
  });

  router.get('/orders', (_req, res) => {
    res.json({ orders: state.orders.records(), submissions: state.orders.allSubmissions() });
  });

  return router;
};
