import {
  landRegistry,
  pricing,
  readModels,
  type Queryable,
  type TitleAvailability,
  type TitleCandidates,
  type TitleMatchRequest,
} from '@pds/contracts';
import { handler, type CommandHandler, type HandlerResult, type Logger } from '@pds/service-runtime';
import type { RegistryGateway, TitleSearch, TitleSummary } from '@pds/land-register';

const codes = landRegistry.landRegistryErrorCodes;

// These say what happened at the registry. What happened to the caller's money, and when to retry, the gateway adds:
// it alone knows both, and a message that said them here too would say them twice.

/** What the gateway is told when the registry cannot be asked. */
export const registryFailure = (logger: Logger, err: unknown): HandlerResult<never> => {
  logger.error({ err }, 'the registry could not be asked');
  return { ok: false, error: { code: codes.registryError, message: 'HM Land Registry did not answer properly.' } };
};

export const delayedBy = (retryAfter: string): HandlerResult<never> => ({
  ok: false,
  error: { code: codes.registryDelayed, message: 'HM Land Registry has delayed this request.', retryAfter },
});

export const titleNotFound = (titleNumber: string): HandlerResult<never> => ({
  ok: false,
  error: { code: codes.titleNotFound, message: `HM Land Registry has no title ${titleNumber} in England and Wales.` },
});

export const availabilityOf = (t: TitleSummary): TitleAvailability => {
  const message =
    t.status === 'closed'
      ? `This title is closed${t.continuedUnderTitleNumber ? ` and continues under title ${t.continuedUnderTitleNumber}` : ''}; order copies of the open title.`
      : t.applicationsPending
        ? 'Applications are pending against this title: a copy issued now shows the register before they are completed (a backdated copy). Ordering one needs backdatedCopyConfirmed.'
        : undefined;
  const availability = (available: boolean) => ({
    status: available ? ('available' as const) : ('unavailable' as const),
    backdated: t.applicationsPending,
  });
  return {
    title: {
      titleNumber: t.titleNumber,
      applicationsPending: t.applicationsPending,
      status: t.status,
      ...(message ? { message } : {}),
      ...(t.continuedUnderTitleNumber ? { continuedUnderTitleNumber: t.continuedUnderTitleNumber } : {}),
    },
    documents: {
      register: availability(t.register.available && t.status === 'open'),
      plan: availability(t.plan.available && t.status === 'open'),
      referred: t.referred.map((r) => ({
        type: r.type,
        ...(r.date ? { date: r.date } : {}),
        entryNumbers: r.entryNumbers,
        status: r.available ? ('available' as const) : ('unavailable' as const),
        planOnly: r.planOnly,
      })),
    },
    pricing: pricing.priceList(),
  };
};

/**
 * The address the registry is searched with. Business Gateway searches by address only: a UPRN is first read from
 * the address dataset (location's read model), and one it does not hold cannot be searched.
 */
const searchOf = async (db: Queryable, search: TitleMatchRequest): Promise<TitleSearch | string> => {
  if (!('uprn' in search)) return search;
  const found = await readModels.addressQueries.byUprn(db, search.uprn);
  if (!found) return `No address is known for UPRN ${search.uprn}; search by address and postcode instead.`;
  return { address: [...found.lines, found.town].filter(Boolean).join(', '), postcode: found.postcode };
};

const noMatch = (reason: string): TitleCandidates => ({ status: 'no_match', count: 0, titles: [], reason });

/** Title lookups and availability checks: straight to the registry, nothing stored. */
export const titleHandlers = (registry: RegistryGateway, db: Queryable): CommandHandler[] => [
  // An answer nobody waits for is not worth asking the registry for.
  handler(
    landRegistry.FindTitles,
    async (data, ctx) => {
      try {
        const search = await searchOf(db, data.search);
        if (typeof search === 'string') return { ok: true, data: noMatch(search) };
        const answer = await registry.searchTitles(search);
        if (answer.kind === 'delayed') return delayedBy(answer.retryAfter);
        const { titles, noMatchReason } = answer.value;
        if (titles.length === 0) {
          return {
            ok: true,
            data: noMatch(noMatchReason ?? 'No registered title in England and Wales matches this property; it may be unregistered.'),
          };
        }
        const result: TitleCandidates = {
          status: 'matched',
          count: titles.length,
          titles: titles.map((t) => ({ titleNumber: t.titleNumber, tenure: t.tenure, matchedAddress: t.matchedAddress })),
        };
        return { ok: true, data: result };
      } catch (err) {
        return registryFailure(ctx.logger, err);
      }
    },
    { dropWhenLate: true },
  ),
  handler(
    landRegistry.DescribeTitle,
    async (data, ctx) => {
      const { titleNumber } = data;
      try {
        const answer = await registry.describeTitle(titleNumber);
        if (answer.kind === 'delayed') return delayedBy(answer.retryAfter);
        if (!answer.value) return titleNotFound(titleNumber);
        return { ok: true, data: availabilityOf(answer.value) };
      } catch (err) {
        return registryFailure(ctx.logger, err);
      }
    },
    { dropWhenLate: true },
  ),
];
