import { ForbiddenException, UnauthorizedException } from '@nestjs/common';

/** Sign-in refused: unknown user, wrong password or inactive user (401, one message for all). */
export class SignInRefused extends UnauthorizedException {}

/** A password-gated call refused because the password given was wrong (403). */
export class PasswordRefused extends ForbiddenException {}

/** Only these count against the password-attempt limits; any other outcome gives its hit back. */
export const isPasswordRefusal = (error: unknown): boolean =>
  error instanceof SignInRefused || error instanceof PasswordRefused;
