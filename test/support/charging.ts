import { billingHeaders } from '@pds/contracts';

// What a call charged, as the API tells it three ways: X-Credits-Charged on every answer, the billing object of a
// successful chargeable JSON answer, and what is left (X-Credits-Remaining, billing.creditsRemaining).

interface Answer {
  headers: Headers;
  /** JSON as parsed, or the bytes of any other answer. */
  body: any;
}

/** The credits an answer says it charged (X-Credits-Charged). */
export const chargedCredits = (answer: { headers: Headers }) => Number(answer.headers.get(billingHeaders.charged));

/**
 * Checks that an answer charged `credits`: X-Credits-Charged and the billing object's creditsCharged (an answer without
 * one charged nothing; an error never carries one). With `balanceAfter`, what the answer says is left is that
 * balance: a charge always says it, in the header and the billing object; an answer that charged nothing says it
 * wherever the ledger told the gateway in time.
 */
export const expectCharged = (answer: Answer, { credits, balanceAfter }: { credits: number; balanceAfter?: number }) => {
  const billing = answer.body?.billing as { creditsCharged: number; creditsRemaining: number | null } | undefined;
  const said = {
    charged: answer.headers.get(billingHeaders.charged),
    billingCharged: billing?.creditsCharged ?? 0,
    errorWithBilling: answer.body?.success === false && billing !== undefined,
    remaining: answer.headers.get(billingHeaders.remaining),
    billingRemaining: billing?.creditsRemaining ?? null,
  };
  const left = <T>(told: T | null, balance: T) => (balanceAfter === undefined || (credits === 0 && told === null) ? told : balance);
  expect(said).toEqual({
    charged: String(credits),
    billingCharged: credits,
    errorWithBilling: false,
    remaining: left(said.remaining, String(balanceAfter)),
    billingRemaining: left(said.billingRemaining, balanceAfter),
  });
};
