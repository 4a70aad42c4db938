import { EventCannotApply, unhandledEvent } from '@pds/service-runtime';
import type { Customer, CustomerEvent, KnownCustomer } from './customer';

const known = (state: Customer, event: CustomerEvent): KnownCustomer => {
  if (state.status === 'none') throw new EventCannotApply(event.type, 'the customer never signed up');
  return state;
};

/** What an event did to a customer. */
export const evolve = (state: Customer, event: CustomerEvent): Customer => {
  if (event.type === 'CustomerSignedUp') {
    if (state.status !== 'none') throw new EventCannotApply(event.type, `customer ${state.customerId} already signed up`);
    return { status: 'signed_up', ...event.data, verified: false, trialOpened: false };
  }
  const s = known(state, event);
  switch (event.type) {
    case 'SignUpRepeated':
    case 'PasswordChanged':
      return { ...s, credentialId: event.data.credentialId };
    case 'EmailVerified':
      return { ...s, verified: true };
    case 'TrialAccountOpened':
      return { ...s, trialOpened: true };
    default:
      return unhandledEvent(event);
  }
};
