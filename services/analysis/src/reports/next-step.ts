import { dependsOn, type SectionName } from '@pds/contracts';
import type { PlacedReport } from './report';

// What the report needs next, money first: a reservation to make, credits to take or give back, then the sections
// due, the rendering, and the ending. The driver does the step and records what came of it.

export type Step =
  | { kind: 'none' }
  | { kind: 'wait'; until: string }
  | { kind: 'reserve' }
  | { kind: 'capture' }
  | { kind: 'release' }
  /** The ledger holds the credits taken (an operator captured them) of a report that failed: they are owed back. */
  | { kind: 'refund' }
  | { kind: 'assemble'; sections: SectionName[] }
  | { kind: 'render' }
  | { kind: 'complete' }
  | { kind: 'fail' };

/** The steps that only move money (the driver takes these first, and a sweep retries them). */
export const moneySteps: ReadonlySet<Step['kind']> = new Set(['reserve', 'capture', 'release', 'refund']);

/** Pending sections whose dependencies are assembled: the ones that can be asked now (or at their retry time). */
const readySections = (r: PlacedReport) =>
  r.sections.filter(
    (s) => s.state === 'pending' && dependsOn(s.name).every((d) => r.sections.find((x) => x.name === d)?.state === 'assembled'),
  );

export const nextStep = (r: PlacedReport, now: Date): Step => {
  switch (r.status) {
    case 'reserving':
      return { kind: 'reserve' };
    case 'releasing':
      if (r.payment === 'reserved') return { kind: 'release' };
      if (r.payment === 'captured') return { kind: 'refund' };
      return { kind: 'fail' };
    case 'capturing':
      return r.payment === 'reserved' ? { kind: 'capture' } : { kind: 'complete' };
    case 'rendering':
      return { kind: 'render' };
    case 'assembling': {
      const pending = r.sections.filter((s) => s.state === 'pending');
      if (pending.length === 0) return { kind: 'render' };
      const ready = readySections(r);
      const due = ready.filter((s) => s.retryAt === null || Date.parse(s.retryAt) <= now.getTime());
      if (due.length > 0) return { kind: 'assemble', sections: due.map((s) => s.name) };
      const waits = ready.map((s) => s.retryAt).filter((t): t is string => t !== null);
      if (waits.length > 0) return { kind: 'wait', until: waits.sort()[0] as string };
      // Sections waiting on one that will never be assembled (its dependency unavailable) cannot be made either.
      return { kind: 'assemble', sections: pending.map((s) => s.name) };
    }
    case 'completed':
    case 'failed':
      return { kind: 'none' };
  }
};
