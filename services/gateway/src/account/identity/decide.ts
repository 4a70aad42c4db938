import type { Decider } from '@pds/service-runtime';
import { accountIdFor, customerIdFor, initialState, type Customer, type CustomerEvent } from './customer';
import { evolve } from './evolve';

/** What a person asks of their identity. Emails are normalised by the page before they get here. */
export type CustomerCommand =
  | { type: 'SignUp'; email: string; credentialId: string }
  | { type: 'VerifyEmail'; credentialId: string }
  | { type: 'RecordTrialOpened' }
  | { type: 'ChangePassword'; credentialId: string; how: 'change' | 'reset' };

/** A refusal the page turns into words; nothing was recorded. */
export class CustomerError extends Error {
  constructor(
    readonly code: 'NOT_SIGNED_UP' | 'LINK_SUPERSEDED' | 'NOT_VERIFIED',
    message: string,
  ) {
    super(message);
  }
}

const signUp = (c: Extract<CustomerCommand, { type: 'SignUp' }>, state: Customer): CustomerEvent[] => {
  const customerId = customerIdFor(c.email);
  if (state.status === 'none') {
    return [
      { type: 'CustomerSignedUp', data: { customerId, email: c.email, accountId: accountIdFor(customerId), credentialId: c.credentialId } },
    ];
  }
  // Someone signing up first with another's address cannot keep it: the owner's own sign-up replaces their password,
  // and the first link (bound to the first credential) then verifies nothing. A verified customer is only told by mail.
  if (state.verified || state.credentialId === c.credentialId) return [];
  return [{ type: 'SignUpRepeated', data: { customerId, credentialId: c.credentialId } }];
};

/**
 * Pure: what a command does to a customer. Repeats record nothing: following a verification link twice, or recording
 * the trial again after a retry, leaves the stream as it was.
 */
export const decide = (command: CustomerCommand, state: Customer): CustomerEvent[] => {
  if (command.type === 'SignUp') return signUp(command, state);
  if (state.status === 'none') throw new CustomerError('NOT_SIGNED_UP', 'no customer has signed up with this address');
  const { customerId } = state;
  switch (command.type) {
    case 'VerifyEmail':
      if (command.credentialId !== state.credentialId)
        throw new CustomerError('LINK_SUPERSEDED', 'this link was made for a password that has since been replaced');
      return state.verified ? [] : [{ type: 'EmailVerified', data: { customerId, credentialId: command.credentialId } }];
    case 'RecordTrialOpened':
      if (!state.verified) throw new CustomerError('NOT_VERIFIED', 'the email is not verified yet');
      return state.trialOpened ? [] : [{ type: 'TrialAccountOpened', data: { customerId, accountId: state.accountId } }];
    case 'ChangePassword':
      if (command.credentialId === state.credentialId) return [];
      return [{ type: 'PasswordChanged', data: { customerId, credentialId: command.credentialId, how: command.how } }];
  }
};

export const customerDecider: Decider<Customer, CustomerCommand, CustomerEvent> = { decide, evolve, initialState };
