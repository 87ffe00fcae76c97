import { Inject } from '@nestjs/common';
import { QueryHandler, Query, type IQueryHandler } from '@nestjs/cqrs';
import { MESSAGES, type OnlineOrder } from '@shop/contracts';
import { getOnlineOrder, listOnlineOrders } from '@shop/projections';
import type { Database } from '@shop/infrastructure';
import { notFound } from '@shop/domain';
import { DATABASE } from '../infrastructure/tokens';

export class ListOnlineOrdersQuery extends Query<OnlineOrder[]> {}

export class GetOnlineOrderQuery extends Query<OnlineOrder> {
  constructor(readonly orderId: string) {
    super();
  }
}

@QueryHandler(ListOnlineOrdersQuery)
export class ListOnlineOrdersHandler implements IQueryHandler<ListOnlineOrdersQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  execute(): Promise<OnlineOrder[]> {
    return listOnlineOrders(this.database.knex);
  }
}

@QueryHandler(GetOnlineOrderQuery)
export class GetOnlineOrderHandler implements IQueryHandler<GetOnlineOrderQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute({ orderId }: GetOnlineOrderQuery): Promise<OnlineOrder> {
    const order = await getOnlineOrder(this.database.knex, orderId);
    if (!order) throw notFound(MESSAGES.orderNotFound);
    return order;
  }
}
