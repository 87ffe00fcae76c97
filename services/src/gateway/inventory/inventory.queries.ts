import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { InventoryItem } from '@shop/contracts';
import { listInventoryAsOf } from '@shop/projections';
import type { Database } from '@shop/infrastructure';
import { DATABASE } from '../infrastructure/tokens';

export class ListInventoryQuery extends Query<InventoryItem[]> {
  constructor(readonly asOf: Date | null) {
    super();
  }
}

@QueryHandler(ListInventoryQuery)
export class ListInventoryHandler implements IQueryHandler<ListInventoryQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  execute({ asOf }: ListInventoryQuery): Promise<InventoryItem[]> {
    return listInventoryAsOf(this.database.knex, { asOf });
  }
}
