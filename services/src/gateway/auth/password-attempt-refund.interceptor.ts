import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { catchError, concatMap, from, type Observable } from 'rxjs';
import { PasswordAttempts } from './password-attempts';
import { isPasswordRefusal } from './password-refusal';

/**
 * Gives the attempt's hits back once the handler is done, unless it refused the password; a handler
 * that succeeded accepted it (its client becomes familiar to the account).
 */
@Injectable()
export class PasswordAttemptRefund implements NestInterceptor {
  constructor(private readonly attempts: PasswordAttempts) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request: object = context.switchToHttp().getRequest();
    return next.handle().pipe(
      concatMap((value) => from(this.attempts.accepted(request).then(() => value))),
      catchError((error: unknown) =>
        from(
          (isPasswordRefusal(error) ? Promise.resolve() : this.attempts.refund(request)).then(() => {
            throw error;
          }),
        ),
      ),
    );
  }
}
