import { z } from 'zod';
import { USER_FORM_MESSAGES } from './user.contract';

/** Every non-success response body: `title` only when the spec names one for the message (ERROR_TITLES). */
export const errorResponse = z.object({ message: z.string(), title: z.string().optional() });
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Texts of spec section 8 that the server also sends. */
export const MESSAGES = {
  insufficientStock: 'Insufficient stock',
  onlyUnitsAvailable: (units: number, product: string) => `Only ${units} units available for ${product}`,
  reversalBelowZero: (product: string, units: number) =>
    `Reversing this stock in would make the stock of ${product} negative: only ${units} units are in stock`,
  invalidCredentials: 'Invalid username or password',
  notSignedIn: 'Not signed in',
  forbidden: "You don't have permission to access this page. Contact your manager if you need access.",
  managerOnly: 'Only a manager can do this',
  productNotFound: 'Product not found',
  userNotFound: 'User not found',
  skuTaken: (sku: string) => `A product with SKU ${sku} already exists`,
  usernameTaken: (username: string) => `Username ${username} is already taken`,
  productDeleted: 'This product has been deleted',
  imageNotUploaded: (path: string) => `Image ${path} has not been uploaded: upload the file first`,
  cardRefused: 'Card payments are currently not available in the sales till. Use the customer store for card payments.',
  concurrentChange: 'Someone else changed this at the same moment. Please try again.',
  /** No database connection came free within the pool's wait (503, Retry-After): the server is overloaded, not broken. */
  databaseBusy: 'The server is busy. Please try again in a moment.',
  invalidJson: 'Request body is not valid JSON',
  notJsonObject: 'Request body must be a JSON object',
  invalidPassword: 'Invalid Password',
  wrongCurrentPassword: 'Current password is incorrect',
  orderNotFound: 'Order not found',
  customerNotFound: 'Customer not found',
  customerEmailTaken: (email: string) => `A customer with email ${email} already exists`,
  orderNumberTaken: (orderNumber: string) => `Order number ${orderNumber} is already taken`,
  orderNumberNotAReceipt: (orderNumber: string) =>
    `Sale ${orderNumber} is an online order: a stock movement cannot add lines to its receipt`,
  orderNumberNotASale: (orderNumber: string) =>
    `Sale id ${orderNumber} is an online order's number: a till sale cannot use it`,
  orderProductNotFound: (productId: string) => `Product ${productId} not found`,
  orderProductDeleted: (product: string) => `${product} is no longer available`,
  orderStatusUnchanged: (status: string) => `This order is already ${status}`,
  orderStatusMove: (from: string, to: string) => `Cannot change an order from ${from} to ${to}`,
  orderServeDeleted: (product: string) => `Cannot serve this order: ${product} has been deleted`,
  orderReturnDeleted: (product: string) => `Cannot return this order's items: ${product} has been deleted`,
  tooManyOpenUploads:
    'Too many uploads are waiting for their file. Finish or cancel them, or wait a few minutes, and try again.',
  tooManyUnattachedUploads:
    'Too many uploaded files are on no product yet. Add them to a product, or wait for them to be removed, and try again.',
  tooManyRunningUploads: 'Too many files are uploading at once. Please wait for them to finish and try again.',
  storefrontTokenRequired: 'A valid storefront token is required',
} as const;

/**
 * Spec section 5's validation texts (and the section 8 texts a refusal carries): a client shows them
 * as they are, so a 400 sends them without the "field: " prefix other validation messages get (see
 * the gateway's ZodBodyPipe).
 */
export const SPEC_TEXTS: readonly string[] = [
  'Username is required',
  'Password is required',
  USER_FORM_MESSAGES.requiredFields,
  USER_FORM_MESSAGES.passwordFields,
  USER_FORM_MESSAGES.passwordsDiffer,
  USER_FORM_MESSAGES.passwordTooShort,
  'Unit price is required',
  'Discount must be between 0% and 100%',
  'Please enter a valid value.',
  'Password Required',
  MESSAGES.invalidPassword,
  MESSAGES.invalidCredentials,
  MESSAGES.insufficientStock,
  MESSAGES.cardRefused,
];

/** Whether a message is one of the spec's texts, sent to the client exactly. */
export const isSpecText = (message: string): boolean => SPEC_TEXTS.includes(message);

/**
 * The titles the spec pairs with a message the server sends (sections 5 and 8: 'Invalid discount' /
 * 'Discount must be between 0% and 100%', ...). The gateway adds the title to the error answer, so a
 * client shows the spec's toast as it is; the one place that pairs them.
 */
const TITLE_BY_MESSAGE: ReadonlyMap<string, string> = new Map([
  ['Discount must be between 0% and 100%', 'Invalid discount'],
  [USER_FORM_MESSAGES.requiredFields, 'Missing information'],
  [USER_FORM_MESSAGES.passwordTooShort, 'Password too weak'],
  ['Please enter a valid value.', 'Invalid Input'],
  [MESSAGES.invalidCredentials, 'Login Failed'],
]);

/** Messages with a product name or a count in them: MESSAGES.onlyUnitsAvailable and MESSAGES.reversalBelowZero. */
const TITLE_BY_PATTERN: ReadonlyArray<readonly [RegExp, string]> = [
  [/^Only -?\d+ units available for .+$/s, MESSAGES.insufficientStock],
  [
    /^Reversing this stock in would make the stock of .+ negative: only -?\d+ units are in stock$/s,
    MESSAGES.insufficientStock,
  ],
];

/** The spec's toast title for an error message the server sends, when it names one. */
export function errorTitleFor(message: string): string | undefined {
  return TITLE_BY_MESSAGE.get(message) ?? TITLE_BY_PATTERN.find(([pattern]) => pattern.test(message))?.[1];
}
