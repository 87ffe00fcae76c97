import { Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { loginInput } from '@shop/contracts';
import { ZodBodyPipe } from '../http/zod-body.pipe';

const validateLogin = new ZodBodyPipe(loginInput);

/** Checks the body's shape first, so an empty field gets the spec's message rather than passport's. */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest();
    request.body = validateLogin.transform(request.body);
    return (await super.canActivate(context)) as boolean;
  }
}
