import type { DomainEvent, DomainEventOf } from '@shop/contracts';
import { assertNever, type Decider } from '../shared/decider';
import { conflict, validationError } from '../shared/domain-error';

/** What other decisions need to know of a customer: that it exists (an order may name it). */
export type CustomerState =
  | { readonly status: 'absent' }
  | { readonly status: 'registered'; readonly customerId: string; readonly email: string; readonly isActive: boolean };

export interface RegisterCustomer {
  readonly type: 'RegisterCustomer';
  readonly customerId: string;
  readonly email: string;
  /** Already hashed by the caller (argon2 is I/O-bound work, not a domain rule); null without a password. */
  readonly passwordHash: string | null;
  readonly firstName: string;
  readonly lastName: string;
  readonly phone: string | null;
  readonly address: string | null;
  readonly city: string | null;
  readonly postalCode: string | null;
  readonly country: string | null;
}

export type CustomerCommand = RegisterCustomer;
type CustomerEvent = DomainEventOf<'CustomerRegistered'>;

export function decideCustomer(command: CustomerCommand, state: CustomerState): CustomerEvent[] {
  switch (command.type) {
    case 'RegisterCustomer': {
      if (state.status !== 'absent') throw conflict(`Customer ${command.customerId} already exists`);
      if (!command.email.trim()) throw validationError('Email is required');
      const { type: _type, ...data } = command;
      // Spec section 3 defaults: a new account is active and its email not yet verified.
      return [{ type: 'CustomerRegistered', data: { ...data, isActive: true, emailVerified: false } }];
    }
    default:
      return assertNever(command.type);
  }
}

export function evolveCustomer(state: CustomerState, event: DomainEvent): CustomerState {
  switch (event.type) {
    case 'CustomerRegistered':
      return {
        status: 'registered',
        customerId: event.data.customerId,
        email: event.data.email,
        isActive: event.data.isActive,
      };
    default:
      return state;
  }
}

export const customerDecider: Decider<CustomerCommand, CustomerState, CustomerEvent> = {
  initialState: () => ({ status: 'absent' }),
  decide: decideCustomer,
  evolve: evolveCustomer,
};

export const customerStreamId = (customerId: string) => `customer-${customerId}`;
