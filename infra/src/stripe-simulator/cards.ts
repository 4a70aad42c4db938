// Stripe's test card numbers the hosted page takes, and what a charge to each does (Stripe's testing page, as quoted
// by the design notes): 4242… pays; 4000 0000 0000 0002 is declined (`card_declined`, `generic_decline`);
// 4000 0000 0000 9995 is declined for insufficient funds; 4000 0000 0000 0341 pays at checkout here and fails every
// later charge (a card that attaches but cannot be charged: the renewals' failing card). Any other number is refused
// as Stripe's test mode refuses a number it does not know.

export type ChargeOutcome =
  | { kind: 'paid' }
  | { kind: 'declined'; code: 'card_declined'; declineCode: 'generic_decline' | 'insufficient_funds'; message: string }
  | { kind: 'invalid'; code: 'incorrect_number'; message: string };

const paid: ChargeOutcome = { kind: 'paid' };
const declined: ChargeOutcome = {
  kind: 'declined',
  code: 'card_declined',
  declineCode: 'generic_decline',
  message: 'Your card was declined.',
};
const insufficientFunds: ChargeOutcome = {
  kind: 'declined',
  code: 'card_declined',
  declineCode: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};

/** What a charge does at checkout and at later charges (renewals), by card. */
const testCards: Record<string, { atCheckout: ChargeOutcome; later: ChargeOutcome }> = {
  '4242424242424242': { atCheckout: paid, later: paid },
  '4000000000000002': { atCheckout: declined, later: declined },
  '4000000000009995': { atCheckout: insufficientFunds, later: insufficientFunds },
  '4000000000000341': { atCheckout: paid, later: declined },
};

/** Digits only: a person may type spaces or dashes. */
export const cardDigits = (typed: string): string => typed.replace(/[\s-]/g, '');

export const chargeOutcome = (card: string, when: 'atCheckout' | 'later'): ChargeOutcome =>
  testCards[cardDigits(card)]?.[when] ?? { kind: 'invalid', code: 'incorrect_number', message: 'Your card number is incorrect.' };

export const isTestCard = (card: string): boolean => cardDigits(card) in testCards;
