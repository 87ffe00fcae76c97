import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  MESSAGES,
  createOnlineOrderInput,
  updateOnlineOrderStatusInput,
  type CreateOnlineOrderCommandInput,
  type OnlineOrder,
  type SessionUser,
  type UpdateOnlineOrderStatusInput,
} from '@shop/contracts';
import { Pages } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { uuidParam } from '../http/uuid-param.pipe';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { StorefrontIntake } from '../storefront/storefront-intake.guard';
import { ChangeOnlineOrderStatusCommand } from './change-online-order-status.command';
import { GetOnlineOrderQuery, ListOnlineOrdersQuery } from './online-order.queries';
import { PlaceOnlineOrderCommand } from './place-online-order.command';
import { readBackRecorded } from '../http/recorded-write';

@Controller('api/online-orders')
export class OnlineOrdersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** The storefront intake: the storefront token, or a manager session. */
  @Post()
  @StorefrontIntake()
  @HttpCode(201)
  async place(
    @Body(new ZodBodyPipe(createOnlineOrderInput)) input: CreateOnlineOrderCommandInput,
    @CurrentUser() user: SessionUser | undefined,
  ): Promise<OnlineOrder> {
    const { orderId } = await this.commands.execute(new PlaceOnlineOrderCommand(input, user ?? null));
    return readBackRecorded(() => this.queries.execute(new GetOnlineOrderQuery(orderId)), { id: orderId });
  }

  /** The Online Orders dialog lives on the dashboard. */
  @Get()
  @Pages('dashboard')
  list(): Promise<OnlineOrder[]> {
    return this.queries.execute(new ListOnlineOrdersQuery());
  }

  @Patch(':id/status')
  @Pages('dashboard')
  async changeStatus(
    @Param('id', uuidParam(MESSAGES.orderNotFound)) orderId: string,
    @Body(new ZodBodyPipe(updateOnlineOrderStatusInput)) { status }: UpdateOnlineOrderStatusInput,
    @CurrentUser() user: SessionUser,
  ): Promise<OnlineOrder> {
    await this.commands.execute(new ChangeOnlineOrderStatusCommand(orderId, status, user));
    return this.queries.execute(new GetOnlineOrderQuery(orderId));
  }
}
