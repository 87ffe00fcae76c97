import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LEDGER_MESSAGES, type SessionUser, type Transaction } from '@shop/contracts';
import { findLedgerMovement } from '@shop/projections';
import type { Database } from '@shop/infrastructure';
import { movementReversalDecider, notFound, productStreamId, type ReversalState } from '@shop/domain';
import { movementFromWrite } from '../transactions/movement-response';
import type { EventStore } from '@shop/infrastructure';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';
import { DATABASE, EVENT_STORE } from '../infrastructure/tokens';

export class ReverseMovementCommand extends Command<Transaction> {
  constructor(
    readonly reversedMovementId: string,
    readonly notes: string,
    readonly user: SessionUser,
  ) {
    super();
  }
}

/**
 * POST /api/transactions/:id/reverse. The ledger read model says which product stream holds the
 * movement; the stream itself gives the original's recording time and decides (already reversed,
 * stock going negative) against what is committed.
 */
@CommandHandler(ReverseMovementCommand)
export class ReverseMovementHandler implements ICommandHandler<ReverseMovementCommand> {
  constructor(
    private readonly writer: StreamWriter,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  async execute({ reversedMovementId, notes, user }: ReverseMovementCommand): Promise<Transaction> {
    const located = await findLedgerMovement(this.database.knex, reversedMovementId);
    if (!located) throw notFound(LEDGER_MESSAGES.movementNotFound);
    const streamId = productStreamId(located.productId);
    const original = (await this.eventStore.readStream(streamId)).find(
      (event) => (event.data as { movementId?: string } | null)?.movementId === reversedMovementId,
    );
    if (!original) throw notFound(LEDGER_MESSAGES.movementNotFound);
    const movementId = randomUUID();
    const context = commandContext(user);
    const { events, states } = await this.writer.write(context, [
      {
        streamId,
        decider: movementReversalDecider(reversedMovementId),
        command: {
          type: 'ReverseMovement',
          productId: located.productId,
          movementId,
          reversedMovementId,
          // A line of a sale taken offline counted on its time of sale: its reversal comes off that day.
          reversedAt: (original.data as { offline?: { soldAt?: string } }).offline?.soldAt ?? original.metadata.at,
          sellerName: user.username,
          notes,
        },
      },
    ]);
    const movement = movementFromWrite(events, context.at, (states[0] as ReversalState).product);
    if (!movement) throw new Error('A reversal must yield a compensating movement');
    return movement;
  }
}
