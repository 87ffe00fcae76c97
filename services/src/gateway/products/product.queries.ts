import { Inject } from '@nestjs/common';
import { QueryHandler, Query, type IQueryHandler } from '@nestjs/cqrs';
import { MESSAGES, type Product } from '@shop/contracts';
import { getProduct, listProducts } from '@shop/projections';
import type { Database } from '@shop/infrastructure';
import { notFound } from '@shop/domain';
import { DATABASE } from '../infrastructure/tokens';

export class ListProductsQuery extends Query<Product[]> {}

@QueryHandler(ListProductsQuery)
export class ListProductsHandler implements IQueryHandler<ListProductsQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  execute(): Promise<Product[]> {
    return listProducts(this.database.knex);
  }
}

export class GetProductQuery extends Query<Product> {
  constructor(readonly productId: string) {
    super();
  }
}

@QueryHandler(GetProductQuery)
export class GetProductHandler implements IQueryHandler<GetProductQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute({ productId }: GetProductQuery): Promise<Product> {
    const product = await getProduct(this.database.knex, productId);
    if (!product) throw notFound(MESSAGES.productNotFound);
    return product;
  }
}
