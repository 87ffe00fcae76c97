import { randomUUID } from 'node:crypto';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES, type OnlineOrderStatus, type SessionUser } from '@shop/contracts';
import {
  decideOnlineOrderStatus,
  evolveOnlineOrder,
  fold,
  initialOnlineOrderState,
  notFound,
  onlineOrderStreamId,
  productDecider,
  productStreamId,
  type ChangeOnlineOrderStatus,
} from '../../domain';
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
    // so this needs no retry; the status itself is decided on the history read inside writeAcross.
    const placed = await this.writer.load(streamId, {
      initialState: initialOnlineOrderState,
      evolve: evolveOnlineOrder,
    });
    if (!placed.placed) throw notFound(MESSAGES.orderNotFound);

    const command: ChangeOnlineOrderStatus = {
      type: 'ChangeOnlineOrderStatus',
      orderId,
      status,
      movementIds: placed.items.map(() => randomUUID()),
      sellerName: user.username,
    };
    const productStreams = placed.items.map((item) => productStreamId(item.productId));
    await this.writer.writeAcross(
      commandContext(user),
      [streamId, ...productStreams],
      ([orderHistory = [], ...productHistories]) => {
        const decision = decideOnlineOrderStatus(
          command,
          orderHistory.reduce(evolveOnlineOrder, initialOnlineOrderState()),
          productHistories.map((history) => fold(productDecider, history)),
        );
        return [decision.order, ...decision.products];
      },
    );
  }
}
