import { HttpException, HttpStatus } from '@nestjs/common';

/** 429 with the Retry-After header (set by HttpErrorFilter), so a client knows when to try again. */
export class TooManyRequests extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
