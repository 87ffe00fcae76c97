import { NotFoundException, ParseUUIDPipe, type ArgumentMetadata } from '@nestjs/common';

/**
 * An id in the path: one that is not a UUID names nothing that exists (404 with the entity's own
 * message); a UUID in either case is the same id, looked up in lower case as every id is stored.
 */
class EntityIdPipe extends ParseUUIDPipe {
  constructor(notFoundMessage: string) {
    super({ exceptionFactory: () => new NotFoundException(notFoundMessage) });
  }

  override async transform(value: string, metadata: ArgumentMetadata): Promise<string> {
    return (await super.transform(value, metadata)).toLowerCase();
  }
}

export const uuidParam = (notFoundMessage: string): ParseUUIDPipe => new EntityIdPipe(notFoundMessage);
