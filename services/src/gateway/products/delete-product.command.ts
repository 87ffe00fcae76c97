import { CommandHandler, type ICommandHandler, Command } from '@nestjs/cqrs';
import { MESSAGES, type SessionUser } from '@shop/contracts';
import { notFound, productDecider, productStreamId, skuDecider, skuStreamId } from '@shop/domain';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';

export class DeleteProductCommand extends Command<void> {
  constructor(
    readonly productId: string,
    readonly user: SessionUser,
  ) {
    super();
  }
}

@CommandHandler(DeleteProductCommand)
export class DeleteProductHandler implements ICommandHandler<DeleteProductCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ productId, user }: DeleteProductCommand): Promise<void> {
    // The SKU to release is read from the product's own history (the SKU never changes).
    const state = await this.writer.load({ streamId: productStreamId(productId), fold: productDecider });
    if (state.status === 'absent') throw notFound(MESSAGES.productNotFound);
    await this.writer.write(commandContext(user), [
      { streamId: productStreamId(productId), decider: productDecider, command: { type: 'DeleteProduct', productId } },
      {
        streamId: skuStreamId(state.sku),
        decider: skuDecider,
        command: { type: 'ReleaseSku', sku: state.sku, productId },
      },
    ]);
  }
}
