import type { Charging, Operation } from '../rest/operation';

// Each operation's cost paragraph, written from its declaration (`cost`, `chargedFor`), so that what the document
// says an operation costs and how the gateway charges it cannot drift: the pipeline follows the same declaration.

/** When the balance is checked and the credits taken, for each way a per-call operation is charged. */
export const chargingText: Record<Charging, string> = {
  reserve_first:
    'Charged `reserve_first`: the credits are reserved before the work starts (a caller short of them gets 402 ' +
    '`INSUFFICIENT_CREDITS` before anything is done) and taken only with a successful answer; a refusal, a failure or ' +
    'no answer in time releases them.',
  on_answer:
    "Charged `on_answer`: the answer is worked out first, from the service's own data, and the credits are checked and " +
    'taken in one step once it is ready (a caller short of them gets 402 `INSUFFICIENT_CREDITS` after the input is ' +
    'checked and after any refusal the work itself gives, such as a 404); a refusal or a failure is charged nothing.',
};

const plural = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

/** The paragraph that opens the operation's description. */
export const costParagraph = (operation: Operation): string => {
  const { cost } = operation;
  switch (cost.kind) {
    case 'free':
      return operation.public
        ? '**Cost:** free, and public: no key, no charge, not counted against rate limits.'
        : '**Cost:** free: 0 credits (`X-Credits-Charged: 0` and the balance headers; no `billing` object). Rate limits apply.';
    case 'per_order':
      return "**Cost:** the order's own price, in credits and Purchase Balance (below), reserved when it is placed.";
    case 'per_report': {
      const prices = Object.entries(cost.credits).map(([type, credits]) => `\`${type}\` ${plural(credits)}`);
      return (
        `**Cost:** a fixed price for each type: ${prices.join(', ')}. Reserved when the job is requested (a caller short of ` +
        'them gets 402 `INSUFFICIENT_CREDITS` and nothing is started), taken once when it completes, and given back in ' +
        'full if it fails.'
      );
    }
    case 'per_call': {
      if (!operation.chargedFor) throw new Error(`${operation.operationId}: a per-call operation says what it charges for (chargedFor)`);
      return `**Cost:** ${plural(cost.credits)} per ${operation.chargedFor}; nothing for a refusal. ${chargingText[cost.charging]}`;
    }
  }
};
