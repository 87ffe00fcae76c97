import { Inject } from '@nestjs/common';
import { QueryHandler, Query, type IQueryHandler } from '@nestjs/cqrs';
import { MESSAGES, type User } from '@shop/contracts';
import { getUserById, listUsers, toUserResponse } from '@shop/projections';
import type { Database } from '@shop/infrastructure';
import { notFound } from '@shop/domain';
import { DATABASE } from '../infrastructure/tokens';

export class ListUsersQuery extends Query<User[]> {}

@QueryHandler(ListUsersQuery)
export class ListUsersHandler implements IQueryHandler<ListUsersQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  execute(): Promise<User[]> {
    return listUsers(this.database.knex);
  }
}

export class GetUserQuery extends Query<User> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(GetUserQuery)
export class GetUserHandler implements IQueryHandler<GetUserQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute({ userId }: GetUserQuery): Promise<User> {
    const user = await getUserById(this.database.knex, userId);
    if (!user || user.deletedAt) throw notFound(MESSAGES.userNotFound);
    return toUserResponse(user);
  }
}
