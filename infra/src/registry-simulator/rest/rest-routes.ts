import { isOpen, nextOpening, toRegistryIso } from '@pds/land-register';
import type { Clock, Logger } from '@pds/service-runtime';
import { Router, type Request, type Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { RegistryFaultBook } from '../faults';
import { titleByNumber } from '../titles/dataset';
import { availabilityBody, availabilityOfTitle } from './availability';
import { availabilityStubs } from './availability-stubs';
import { proprietorNamesBody, proprietorRefusalStubs, proprietorsOfTitle, proprietorStubs } from './proprietor-names';

// Business Gateway's REST services as the registry test environment answers them, at the test service's paths:
//
//   GET /bg2test/api/v2/titles/:titleNumber/official-copies/availability   Official Copies Document Availability v2
//   GET /bg2test/api/v1/titles/:titleNumber/registered-proprietor-names    Registered Proprietor Names v1
//
// Both take HTTP basic authentication (401 BG40004 otherwise) and answer errors as {errors: [{error_code,
// error_message, http_status, timestamp, trace_id}]}: 400 BG40001 for a title number that is not one to nine
// capitals and digits, 404 BG40002 for a title neither the environment nor the test service's stubs hold. Proprietor
// names are given from 06:30 to 23:00 London time by the environment's clock (423 BG50003 outside). A `delay` fault
// on `describe` (faults.ts) answers 503 with Retry-After: BG50003 from availability, BG50002 from proprietor names,
// as each service numbers it.

export interface RestAccount {
  username: string;
  password: string;
}

export interface RestRouteDeps {
  /** Business time: opening hours, error timestamps, Retry-After. */
  clock: Clock;
  logger: Logger;
  faults: RegistryFaultBook;
  /** The users whose basic authentication is accepted. */
  accounts: readonly RestAccount[];
}

const defaultRetryAfterSeconds = 30;

export const refuse = (res: Response, now: Date, status: number, code: string, message: string) =>
  res.status(status).json({
    errors: [
      { error_code: code, error_message: message, http_status: String(status), timestamp: now.toISOString(), trace_id: randomUUID() },
    ],
  });

const credentialsOf = (req: Request): RestAccount | null => {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(req.headers.authorization ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
};

/** True when the caller is one of the accounts; otherwise answers 401. */
const authenticated = (deps: RestRouteDeps, req: Request, res: Response): boolean => {
  const given = credentialsOf(req);
  if (given && deps.accounts.some((a) => a.username === given.username && a.password === given.password)) return true;
  res.setHeader('WWW-Authenticate', 'Basic realm="Business Gateway"');
  refuse(res, deps.clock.now(), 401, 'BG40004', 'The user name or password is wrong, or the account is not active.');
  return false;
};

const wellFormed = (titleNumber: string) => /^[A-Z0-9]{1,9}$/.test(titleNumber);

/** Answers 503 while a `describe` delay fault holds for this title; true when it answered. */
const busy = (deps: RestRouteDeps, res: Response, titleNumber: string, code: string): boolean => {
  const fault = deps.faults.take({ operation: 'describe', modes: ['delay'], titleNumbers: [titleNumber] });
  if (!fault) return false;
  const seconds = fault.retryAfterSeconds ?? defaultRetryAfterSeconds;
  const now = deps.clock.now();
  const retryAfter = toRegistryIso(new Date(now.getTime() + seconds * 1000));
  deps.logger.info({ titleNumber, retryAfter }, 'REST service unavailable (fault)');
  res.setHeader('Retry-After', String(seconds));
  refuse(res, now, 503, code, `The service is unavailable; try again at ${retryAfter}.`);
  return true;
};

const availabilityStubByNumber = new Map(availabilityStubs.map((s) => [s.titleNumber, s]));
const proprietorStubByNumber = new Map(proprietorStubs.map((s) => [s.titleNumber, s]));

export const restRoutes = (deps: RestRouteDeps): Router => {
  const router = Router();

  router.get('/bg2test/api/v2/titles/:titleNumber/official-copies/availability', (req, res) => {
    if (!authenticated(deps, req, res)) return;
    const titleNumber = req.params.titleNumber;
    if (!wellFormed(titleNumber)) return refuse(res, deps.clock.now(), 400, 'BG40001', 'The title number is not in a recognised form.');
    if (busy(deps, res, titleNumber, 'BG50003')) return;
    const own = titleByNumber(titleNumber);
    const facts = availabilityStubByNumber.get(titleNumber) ?? (own ? availabilityOfTitle(own) : undefined);
    if (!facts) return refuse(res, deps.clock.now(), 404, 'BG40002', `Title ${titleNumber} was not found.`);
    res.json(availabilityBody(facts));
  });

  router.get('/bg2test/api/v1/titles/:titleNumber/registered-proprietor-names', (req, res) => {
    if (!authenticated(deps, req, res)) return;
    const now = deps.clock.now();
    if (!isOpen(now)) {
      const opensAt = toRegistryIso(nextOpening(now));
      return refuse(res, now, 423, 'BG50003', `The service is closed; it opens at ${opensAt}.`);
    }
    const titleNumber = req.params.titleNumber;
    if (!wellFormed(titleNumber)) return refuse(res, now, 400, 'BG40001', 'The title number is not in a recognised form.');
    const refusal = proprietorRefusalStubs[titleNumber];
    if (refusal) return refuse(res, now, refusal.status, refusal.code, refusal.message);
    if (busy(deps, res, titleNumber, 'BG50002')) return;
    const own = titleByNumber(titleNumber);
    const facts = proprietorStubByNumber.get(titleNumber) ?? (own ? proprietorsOfTitle(own) : undefined);
    if (!facts) return refuse(res, now, 404, 'BG40002', `Title ${titleNumber} was not found.`);
    res.json(proprietorNamesBody(facts));
  });

  return router;
};
