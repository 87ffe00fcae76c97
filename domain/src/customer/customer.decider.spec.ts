import type { DomainEvent } from '@shop/contracts';
import { fold } from '../shared/decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { customerDecider, type RegisterCustomer } from './customer.decider';
import { customerEmailDecider, customerEmailStreamId } from './customer-email-registry.decider';

const customerId = 'c0ffee00-1111-4222-8333-444455556666';
const register: RegisterCustomer = {
  type: 'RegisterCustomer',
  customerId,
  email: 'amaka@example.com',
  passwordHash: '$argon2id$hash',
  firstName: 'Amaka',
  lastName: 'Obi',
  phone: '+2348012345678',
  address: '12 Allen Avenue',
  city: 'Ikeja',
  postalCode: '100271',
  country: 'Nigeria',
};

const spec = DeciderSpecification.for(customerDecider);
const given = (...events: DomainEvent[]) => ({
  when: (command: RegisterCustomer) => spec(...events).when(command).events,
});

describe('customer decider', () => {
  it('registers a customer active and with the email not yet verified', () => {
    const { type: _type, ...fields } = register;
    expect(given().when(register)()).toEqual([
      { type: 'CustomerRegistered', data: { ...fields, isActive: true, emailVerified: false } },
    ]);
  });

  it('refuses to register the same customer id twice', () => {
    const [registered] = given().when(register)();
    expect(given(registered!).when(register)).toThrow(`Customer ${customerId} already exists`);
  });

  it('refuses a blank email', () => {
    expect(given().when({ ...register, email: '  ' })).toThrow('Email is required');
  });
});

describe('customer email registry', () => {
  const claim = { type: 'ClaimCustomerEmail', email: 'Amaka@Example.com', customerId } as const;

  it('claims a free email once; a second claim is a conflict naming the email', () => {
    const claimed = customerEmailDecider.decide(claim, customerEmailDecider.initialState());
    expect(claimed).toEqual([{ type: 'CustomerEmailClaimed', data: { email: 'Amaka@Example.com', customerId } }]);
    const state = fold(customerEmailDecider, claimed);
    expect(() => customerEmailDecider.decide({ ...claim, customerId: register.customerId }, state)).toThrow(
      'A customer with email Amaka@Example.com already exists',
    );
  });

  it('keys the registry by the email in lower case', () => {
    expect(customerEmailStreamId(' Amaka@Example.COM ')).toBe('customer-email-amaka@example.com');
  });
});
