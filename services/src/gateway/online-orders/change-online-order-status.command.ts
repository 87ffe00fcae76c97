import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES, type OnlineOrderStatus, type SessionUser } from '@shop/contracts';
import {
  decideOnlineOrderStatus,
  movementReversalDecider,
  conflict,
  notFound,
  OnlineOrderMovedMeanwhile,
  onlineOrderFold,
  onlineOrderStreamId,
  productDecider,
  productStreamId,
  type ChangeOnlineOrderStatus,
  type OrderItemStock,
} from '@shop/domain';
import type { EventStore } from '@shop/infrastructure';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';
import { EVENT_STORE } from '../infrastructure/tokens';

/** Look-ups of the sale lines before a burst of moves on one order is given up as a 409. */
const MAX_LOOKUPS = 10;

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
  constructor(
    private readonly writer: StreamWriter,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async execute({ orderId, status, user }: ChangeOnlineOrderStatusCommand): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(orderId, status, user);
      } catch (error) {
        // The order moved between the look-up of its sale lines and the decision: look them up again.
        if (!(error instanceof OnlineOrderMovedMeanwhile)) throw error;
        if (attempt >= MAX_LOOKUPS) throw conflict(MESSAGES.concurrentChange);
      }
    }
  }

  private async attempt(orderId: string, status: OnlineOrderStatus, user: SessionUser): Promise<void> {
    const streamId = onlineOrderStreamId(orderId);
    // Read to learn which product streams the move may touch (an order's items never change) and,
    // back from served, which sale lines it returns; the decision refuses it if the order has moved
    // since (OnlineOrderMovedMeanwhile), so lines looked up here always belong to the serve undone.
    const placed = await this.writer.load({ streamId, fold: onlineOrderFold });
    if (!placed.placed) throw notFound(MESSAGES.orderNotFound);

    // Back from served: each item's return reverses the order's newest sale line on that product
    // (followed by its own decider, so a line reversed meanwhile by hand is not returned twice).
    const lines = placed.status === 'served' ? await this.servedLines(placed.orderNumber, placed.items) : null;
    const command: ChangeOnlineOrderStatus = {
      type: 'ChangeOnlineOrderStatus',
      orderId,
      status,
      movementIds: placed.items.map(() => randomUUID()),
      sellerName: user.username,
      servedAt: lines?.map((line) => line?.at ?? null),
      linesLookedUpAtMoves: placed.moves,
    };
    const streams = [
      { streamId, fold: onlineOrderFold },
      ...placed.items.map((item, index) => {
        const line = lines?.[index];
        return {
          streamId: productStreamId(item.productId),
          fold: line ? movementReversalDecider(line.movementId) : productDecider,
        };
      }),
    ] as const;
    await this.writer.handle(commandContext(user), streams, ([order, ...products]) => {
      const decision = decideOnlineOrderStatus(command, order, products as OrderItemStock[]);
      return [decision.order, ...decision.products];
    });
  }

  /** Per item, the newest sale line of this order on its product: its movement id and when it was recorded. */
  private async servedLines(
    orderNumber: string,
    items: readonly { readonly productId: string }[],
  ): Promise<({ movementId: string; at: string } | null)[]> {
    return Promise.all(
      items.map(async (item) => {
        const events = await this.eventStore.readStream(productStreamId(item.productId));
        for (let index = events.length - 1; index >= 0; index--) {
          const event = events[index]!;
          const data = event.data as {
            movementId?: string;
            saleId?: string | null;
            reason?: string;
            reverses?: unknown;
          };
          if (event.type === 'StockIssued' && data.saleId === orderNumber && data.reason === 'sale' && !data.reverses)
            return { movementId: data.movementId!, at: event.metadata.at };
        }
        return null;
      }),
    );
  }
}
