import { HttpException } from '@nestjs/common';

/**
 * A body refused before any route runs (malformed, too deep). Fastify hands a parser's error to
 * Nest's error handler, so HttpErrorFilter answers it `{ message }` with its status like any other.
 */
export class BodyRefused extends HttpException {
  constructor(status: number, message: string) {
    super({ message }, status);
    this.name = 'BodyRefused';
  }
}
