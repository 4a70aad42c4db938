import { landRegistry, type RegisteredProprietors as ProprietorsAnswer } from '@pds/contracts';
import type { businessGateway, RegistryGateway } from '@pds/land-register';

type RegisteredProprietors = businessGateway.RegisteredProprietors;
import { handler, type CommandHandler } from '@pds/service-runtime';
import { delayedBy, registryFailure, titleNotFound } from './handlers';

// A title's registered proprietors as the registry names them (Registered Proprietor Names), asked each time and
// never stored: the registry's names of private individuals are personal data, and the register changes.

const titleStatuses: Readonly<Record<RegisteredProprietors['status'], ProprietorsAnswer['titleStatus']>> = {
  VALID: 'open',
  CLOSED_OR_CANCELLED: 'closed',
  CLOSED_AND_CONTINUED: 'closed_and_continued',
  PENDING_NEW_TITLE: 'pending_new_title',
};

export const proprietorsAnswer = (r: RegisteredProprietors): ProprietorsAnswer => ({
  titleNumber: r.titleNumber,
  titleStatus: titleStatuses[r.status],
  continuedUnderTitleNumber: r.continuedUnderTitleNumber,
  proprietors: r.proprietors.map((p) =>
    p.kind === 'individual'
      ? {
          kind: 'private_individual',
          name: p.name || null,
          title: p.title,
          forenames: p.forenames,
          surname: p.surname,
          decoration: p.decoration,
        }
      : { kind: 'organisation', name: p.name || null, organisationType: p.organisationType, companyLocation: p.companyLocation },
  ),
});

export const proprietorsHandler = (registry: RegistryGateway): CommandHandler =>
  handler(
    landRegistry.DescribeProprietors,
    async ({ titleNumber }, ctx) => {
      try {
        const answer = await registry.proprietorNames(titleNumber);
        if (answer.kind === 'delayed') return delayedBy(answer.retryAfter);
        if (!answer.value) return titleNotFound(titleNumber);
        return { ok: true, data: proprietorsAnswer(answer.value) };
      } catch (err) {
        return registryFailure(ctx.logger, err);
      }
    },
    { dropWhenLate: true },
  );
