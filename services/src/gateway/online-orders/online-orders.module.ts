import { Module } from '@nestjs/common';
import { StorefrontIntakeGuard } from '../storefront/storefront-intake.guard';
import { ChangeOnlineOrderStatusHandler } from './change-online-order-status.command';
import { GetOnlineOrderHandler, ListOnlineOrdersHandler } from './online-order.queries';
import { OnlineOrdersController } from './online-orders.controller';
import { PlaceOnlineOrderHandler } from './place-online-order.command';

@Module({
  controllers: [OnlineOrdersController],
  providers: [
    StorefrontIntakeGuard,
    PlaceOnlineOrderHandler,
    ChangeOnlineOrderStatusHandler,
    ListOnlineOrdersHandler,
    GetOnlineOrderHandler,
  ],
})
export class OnlineOrdersModule {}
