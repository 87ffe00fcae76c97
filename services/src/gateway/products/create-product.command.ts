import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler, Command } from '@nestjs/cqrs';
import type { CreateProductCommandInput, SessionUser } from '@shop/contracts';
import { productDecider, productStreamId, skuDecider, skuStreamId } from '@shop/domain';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';

export class CreateProductCommand extends Command<{ productId: string }> {
  constructor(
    readonly input: CreateProductCommandInput,
    readonly user: SessionUser,
  ) {
    super();
  }
}

@CommandHandler(CreateProductCommand)
export class CreateProductHandler implements ICommandHandler<CreateProductCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ input, user }: CreateProductCommand): Promise<{ productId: string }> {
    const productId = randomUUID();
    // Product and SKU claim in one atomic append: a duplicate SKU leaves no product behind.
    await this.writer.write(commandContext(user), [
      {
        streamId: skuStreamId(input.sku),
        decider: skuDecider,
        command: { type: 'ClaimSku', sku: input.sku, productId },
      },
      {
        streamId: productStreamId(productId),
        decider: productDecider,
        command: {
          type: 'CreateProduct',
          productId,
          name: input.name,
          sku: input.sku,
          category: input.category,
          price: input.price,
          costPrice: input.costPrice ?? null,
          openingStock: input.currentStock,
          minStockLevel: input.minStockLevel,
          description: input.description?.trim() ? input.description.trim() : null,
          images: input.images,
        },
      },
    ]);
    return { productId };
  }
}
