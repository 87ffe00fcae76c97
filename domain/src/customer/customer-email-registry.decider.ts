import { MESSAGES, type DomainEvent, type DomainEventOf } from '@shop/contracts';
import { assertNever, type Decider } from '../shared/decider';
import { conflict } from '../shared/domain-error';

/**
 * One stream per customer email, claimed in the same atomic append as CustomerRegistered:
 * "email unique among customers" holds under concurrency with no read-model lookup.
 */
export type CustomerEmailState = { readonly ownerCustomerId: string | null };

export type CustomerEmailCommand = {
  readonly type: 'ClaimCustomerEmail';
  readonly email: string;
  readonly customerId: string;
};

type CustomerEmailEvent = DomainEventOf<'CustomerEmailClaimed'>;

export function decideCustomerEmail(command: CustomerEmailCommand, state: CustomerEmailState): CustomerEmailEvent[] {
  switch (command.type) {
    case 'ClaimCustomerEmail':
      if (state.ownerCustomerId !== null) throw conflict(MESSAGES.customerEmailTaken(command.email));
      return [{ type: 'CustomerEmailClaimed', data: { email: command.email, customerId: command.customerId } }];
    default:
      return assertNever(command.type);
  }
}

export function evolveCustomerEmail(state: CustomerEmailState, event: DomainEvent): CustomerEmailState {
  return event.type === 'CustomerEmailClaimed' ? { ownerCustomerId: event.data.customerId } : state;
}

export const customerEmailDecider: Decider<CustomerEmailCommand, CustomerEmailState, CustomerEmailEvent> = {
  initialState: () => ({ ownerCustomerId: null }),
  decide: decideCustomerEmail,
  evolve: evolveCustomerEmail,
};

/** Emails compare case-insensitively: Ada@Example.com and ada@example.com are one mailbox in practice. */
export const customerEmailStreamId = (email: string) => `customer-email-${email.trim().toLowerCase()}`;
