import { Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { loginInput } from '@shop/contracts';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { PasswordAttempts } from './password-attempts';
import { isPasswordRefusal } from './password-refusal';

const validateLogin = new ZodBodyPipe(loginInput);

/**
 * Checks the body's shape first, so an empty field gets the spec's message rather than passport's.
 * Runs after PasswordAttemptGuard: gives the attempt's hits back unless the credentials were refused.
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  constructor(private readonly attempts: PasswordAttempts) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest();
    request.body = validateLogin.transform(request.body);
    try {
      const signedIn = (await super.canActivate(context)) as boolean;
      await this.attempts.accepted(request);
      return signedIn;
    } catch (error) {
      if (!isPasswordRefusal(error)) await this.attempts.refund(request);
      throw error;
    }
  }
}
