import { errorTitleFor, MESSAGES, USER_FORM_MESSAGES } from '..';

describe('errorTitleFor: the toast title the spec pairs with a server message', () => {
  it.each([
    ['Discount must be between 0% and 100%', 'Invalid discount'],
    [USER_FORM_MESSAGES.requiredFields, 'Missing information'],
    [USER_FORM_MESSAGES.passwordTooShort, 'Password too weak'],
    ['Please enter a valid value.', 'Invalid Input'],
    [MESSAGES.invalidCredentials, 'Login Failed'],
    [MESSAGES.onlyUnitsAvailable(0, 'Rose Toner (50 ml)'), 'Insufficient stock'],
    [MESSAGES.reversalBelowZero('Nail Polish', 2), 'Insufficient stock'],
  ])('%s → %s', (message, title) => {
    expect(errorTitleFor(message)).toBe(title);
  });

  it.each([MESSAGES.productNotFound, "Passwords don't match", 'Only a few units available', 'Name is too long'])(
    'names none for %s',
    (message) => {
      expect(errorTitleFor(message)).toBeUndefined();
    },
  );
});
