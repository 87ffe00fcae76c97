import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  createProductInput,
  MESSAGES,
  type CreateProductCommandInput,
  type Product,
  type SessionUser,
} from '@shop/contracts';
import { Pages } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { uuidParam } from '../http/uuid-param.pipe';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { ServerTimeHeader } from '../http/server-time.interceptor';
import { CreateProductCommand } from './create-product.command';
import { DeleteProductCommand } from './delete-product.command';
import { GetProductQuery, ListProductsQuery } from './product.queries';
import { readBackRecorded } from '../http/recorded-write';

const productId = uuidParam(MESSAGES.productNotFound);

@Controller('api/products')
export class ProductsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /**
   * With the server's clock in the X-Server-Time header (read before the catalogue): the offline till
   * stamps its sales' catalogAsOf and soldAt in server time from it, whatever its own clock says.
   */
  @Get()
  @Pages('dashboard', 'sales', 'inventory', 'transactions', 'products', 'reports')
  @UseInterceptors(ServerTimeHeader)
  list(): Promise<Product[]> {
    return this.queries.execute(new ListProductsQuery());
  }

  @Post()
  @Pages('products', 'inventory')
  async create(
    @Body(new ZodBodyPipe(createProductInput)) input: CreateProductCommandInput,
    @CurrentUser() user: SessionUser,
  ): Promise<Product> {
    const { productId: id } = await this.commands.execute(new CreateProductCommand(input, user));
    return readBackRecorded(() => this.queries.execute(new GetProductQuery(id)), { id });
  }

  @Delete(':id')
  @Pages('products')
  @HttpCode(204)
  async remove(@Param('id', productId) id: string, @CurrentUser() user: SessionUser): Promise<void> {
    await this.commands.execute(new DeleteProductCommand(id, user));
  }
}
