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

const given = DeciderSpecification.for(customerDecider);
const givenEmails = DeciderSpecification.for(customerEmailDecider);

describe('customer decider', () => {
  it('registers a customer active and with the email not yet verified', () => {
    const { type: _type, ...fields } = register;
    given()
      .when(register)
      .then([{ type: 'CustomerRegistered', data: { ...fields, isActive: true, emailVerified: false } }]);
  });

  it('refuses to register the same customer id twice', () => {
    const registered = given().when(register).events();
    given(...registered)
      .when(register)
      .thenRefused('conflict', `Customer ${customerId} already exists`);
  });

  it('refuses a blank email', () => {
    given()
      .when({ ...register, email: '  ' })
      .thenRefused('validation', 'Email is required');
  });
});

describe('customer email registry', () => {
  const claim = { type: 'ClaimCustomerEmail', email: 'Amaka@Example.com', customerId } as const;

  it('claims a free email once; a second claim is a conflict naming the email', () => {
    const claimed = { type: 'CustomerEmailClaimed', data: { email: 'Amaka@Example.com', customerId } } as const;
    givenEmails().when(claim).then([claimed]);
    givenEmails(claimed)
      .when({ ...claim, customerId: 'another-customer' })
      .thenRefused('conflict', 'A customer with email Amaka@Example.com already exists');
  });

  it('keys the registry by the email in lower case', () => {
    expect(customerEmailStreamId(' Amaka@Example.COM ')).toBe('customer-email-amaka@example.com');
  });
});
