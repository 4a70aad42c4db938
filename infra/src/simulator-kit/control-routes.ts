import type { Logger } from '@pds/service-runtime';
import express, { Router, type Response } from 'express';
import type { ArmedFault, FaultBook } from './fault-book';
import type { RequestCounts } from './operation-faults';

// The controls every test environment offers a test, mounted at /_control (control-client.ts is the typed client):
//
//   PUT    /faults   {faults: [...]}   replaces the fault list; 200 {faults} | 400 in the environment's error format
//   GET    /faults                     200 {faults}: what is still armed, `times` counted down
//   DELETE /faults                     204
//   GET    /requests                   200 {<operation>: n}: requests seen since the start or the last reset
//   DELETE /requests                   204: counts back to 0
//
// (/requests where the environment counts its requests.) An environment adds its own controls to the router returned.

export const controlPath = '/_control';

export interface ControlOptions<F extends ArmedFault> {
  /** The book the controls arm, list and clear, whatever its faults match. */
  faults: FaultBook<F, never>;
  /** The reason a fault list cannot be armed, or null. */
  problemOf: (faults: unknown) => string | null;
  logger: Logger;
  /** Answers a fault list that cannot be armed; absent: 400 {error}. */
  refuse?: (res: Response, problem: string) => void;
  /** Served at /requests, where the environment counts its requests. */
  requests?: RequestCounts<string>;
}

const refuseWithError = (res: Response, problem: string) => res.status(400).json({ error: problem });

export const controlRoutes = <F extends ArmedFault>(options: ControlOptions<F>): Router => {
  const { faults, logger } = options;
  const router = Router();
  // The controls take JSON whether or not the environment's own API does.
  router.use(express.json({ limit: '64kb' }));
  router.put('/faults', (req, res) => {
    const given = (req.body as { faults?: unknown } | undefined)?.faults;
    const problem = options.problemOf(given);
    if (problem) return (options.refuse ?? refuseWithError)(res, problem);
    faults.replace(given as F[]);
    logger.info({ faults: faults.list() }, 'faults set');
    res.json({ faults: faults.list() });
  });
  router.get('/faults', (_req, res) => {
    res.json({ faults: faults.list() });
  });
  router.delete('/faults', (_req, res) => {
    faults.clear();
    logger.info('faults cleared');
    res.status(204).end();
  });
  const requests = options.requests;
  if (requests) {
    router.get('/requests', (_req, res) => {
      res.json(requests.all());
    });
    router.delete('/requests', (_req, res) => {
      requests.reset();
      res.status(204).end();
    });
  }
  return router;
};
