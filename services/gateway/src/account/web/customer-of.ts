import { customerEvents } from '@pds/contracts';
import type { AccountDeps } from '../account-deps';
import type { KnownCustomer } from '../identity/customer';
import type { Session } from '../identity/sessions';

/** The signed-in customer as their stream has them (their email, for Stripe's receipt). */
export const customerOf = async (deps: AccountDeps, session: Session): Promise<KnownCustomer> => {
  const { state } = await deps.customers.load(customerEvents.customerStreamId(session.customerId));
  if (state.status !== 'signed_up') throw new Error('a signed-in customer without a customer stream');
  return state;
};
