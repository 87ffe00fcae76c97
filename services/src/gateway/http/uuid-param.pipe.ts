import { NotFoundException, ParseUUIDPipe } from '@nestjs/common';

/** An id that is not a UUID names nothing that exists: 404 with the entity's own message. */
export const uuidParam = (notFoundMessage: string) =>
  new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(notFoundMessage) });
