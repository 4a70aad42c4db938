import type { Response, Router } from 'express';
import { controlRoutes } from '../simulator-kit/control-routes';
import { faultProblem } from './faults';
import type { RegistryState } from './registry-state';

// Test controls, mounted at /_control (registry-control.ts is the typed client): the faults every environment has
// (simulator-kit/control-routes.ts; a list that cannot be armed is refused 400 INVALID_REQUEST), and
//
//   GET    /orders                       200 {orders: RegistryOrderRecord[], submissions: {[MessageID]: requests}}
//                                        the official copy requests taken, and how often each MessageID was sent

/** The registry's refusal of a request it cannot read, in its error format. */
export const refuseInvalid = (res: Response, status: number, message: string) =>
  res.status(status).json({ code: 'INVALID_REQUEST', message });

export const registryControlRoutes = (state: RegistryState): Router => {
  const router = controlRoutes({
    faults: state.faults,
    problemOf: faultProblem,
    logger: state.logger,
    refuse: (res, problem) => refuseInvalid(res, 400, problem),
  });
  router.get('/orders', (_req, res) => {
    res.json({ orders: state.orders.records(), submissions: state.orders.allSubmissions() });
  });
  return router;
};
