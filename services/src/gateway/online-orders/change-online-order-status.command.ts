import { randomUUID } from 'node:crypto';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES, type OnlineOrderStatus, type SessionUser } from '@shop/contracts';
import {
  decideOnlineOrderStatus,
  notFound,
  onlineOrderFold,
  onlineOrderStreamId,
  productDecider,
  productStreamId,
  type ChangeOnlineOrderStatus,
} from '@shop/domain';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';

export class ChangeOnlineOrderStatusCommand extends Command<void> {
  constructor(
    readonly orderId: string,
    readonly status: OnlineOrderStatus,
    readonly user: SessionUser,
  ) {
    super();
  }
}

@CommandHandler(ChangeOnlineOrderStatusCommand)
export class ChangeOnlineOrderStatusHandler implements ICommandHandler<ChangeOnlineOrderStatusCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ orderId, status, user }: ChangeOnlineOrderStatusCommand): Promise<void> {
    const streamId = onlineOrderStreamId(orderId);
    // Read once to learn which product streams the move may touch: an order's items never change,
    // so this needs no retry; the status itself is decided on the state loaded inside handle().
    const placed = await this.writer.load({ streamId, fold: onlineOrderFold });
    if (!placed.placed) throw notFound(MESSAGES.orderNotFound);

    const command: ChangeOnlineOrderStatus = {
      type: 'ChangeOnlineOrderStatus',
      orderId,
      status,
      movementIds: placed.items.map(() => randomUUID()),
      sellerName: user.username,
    };
    const streams = [
      { streamId, fold: onlineOrderFold },
      ...placed.items.map((item) => ({ streamId: productStreamId(item.productId), fold: productDecider })),
    ] as const;
    await this.writer.handle(commandContext(user), streams, ([order, ...products]) => {
      const decision = decideOnlineOrderStatus(command, order, products);
      return [decision.order, ...decision.products];
    });
  }
}
