import { isOpen, nextOpening, toRegistryIso, type DocumentKind, type OrderSubmission } from '@pds/land-register';
import type { RegisteredTitle } from './titles/registered-title';

// Why the registry refuses a new order, checked in the order the registry would find out: first whether it is
// taking orders at all, then the title, then the documents asked for, then whether the caller accepts a backdated
// copy. A refusal orders nothing.

export type Refusal =
  { status: 409; code: 'REGISTRY_CLOSED'; message: string; opensAt: string } | { status: 422; code: string; message: string };

export const documentKinds: readonly DocumentKind[] = ['register', 'plan'];

const documentAvailable = (title: RegisteredTitle, kind: DocumentKind) =>
  kind === 'register' ? title.status === 'open' : title.planAvailable;

export const refusalOf = (title: RegisteredTitle | undefined, submission: OrderSubmission, now: Date): Refusal | null => {
  if (!isOpen(now)) {
    const opensAt = toRegistryIso(nextOpening(now));
    return {
      status: 409,
      code: 'REGISTRY_CLOSED',
      message: `The registry takes orders from 06:30 to 23:00 UK time; it opens at ${opensAt}.`,
      opensAt,
    };
  }
  if (!title) return { status: 422, code: 'TITLE_NOT_FOUND', message: `No title ${submission.titleNumber} is registered.` };
  if (title.status === 'closed') {
    const continued = title.continuedUnderTitleNumber
      ? ` It continues under title ${title.continuedUnderTitleNumber}: order that instead.`
      : '';
    return { status: 422, code: 'TITLE_CLOSED', message: `Title ${title.titleNumber} is closed.${continued}` };
  }
  const missing = submission.documents.filter((kind) => !documentAvailable(title, kind));
  if (missing.length > 0) {
    return {
      status: 422,
      code: 'DOCUMENT_NOT_AVAILABLE',
      message: `No official copy of the ${missing.join(' or ')} of title ${title.titleNumber} can be issued.`,
    };
  }
  if (title.applicationsPending && !submission.backdatedCopyConfirmed) {
    return {
      status: 422,
      code: 'BACKDATED_COPY_NOT_CONFIRMED',
      message: `Applications are pending against title ${title.titleNumber}: a copy issued now is backdated to before them. Submit again with backdatedCopyConfirmed true to accept that.`,
    };
  }
  return null;
};

/** The reason a request body is not an order submission, or null. */
export const submissionProblem = (body: unknown): string | null => {
  const b = body as Partial<Record<keyof OrderSubmission, unknown>> | null;
  if (typeof b !== 'object' || b === null) return 'the body must be a JSON object';
  if (typeof b.clientReference !== 'string' || !/^[\x21-\x7e]{1,100}$/.test(b.clientReference)) {
    return 'clientReference must be 1 to 100 printable characters without spaces';
  }
  if (typeof b.titleNumber !== 'string' || b.titleNumber.length === 0 || b.titleNumber.length > 20)
    return 'titleNumber must be a title number';
  if (!Array.isArray(b.documents) || b.documents.length === 0) return 'documents must list register, plan or both';
  if (!b.documents.every((d) => documentKinds.includes(d as DocumentKind)) || new Set(b.documents).size !== b.documents.length) {
    return 'documents must list register, plan or both, each once';
  }
  if (typeof b.backdatedCopyConfirmed !== 'boolean') return 'backdatedCopyConfirmed must be true or false';
  return null;
};
