import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler, Command } from '@nestjs/cqrs';
import { MESSAGES, type CreateProductCommandInput, type SessionUser } from '@shop/contracts';
import { productDecider, productStreamId, skuDecider, skuStreamId, validationError } from '@shop/domain';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';
import { MediaUploadStore } from '../media/media-upload.store';

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

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
  constructor(
    private readonly writer: StreamWriter,
    private readonly uploads: MediaUploadStore,
  ) {}

  async execute({ input, user }: CreateProductCommand): Promise<{ productId: string }> {
    const files = input.images.map(fileName);
    await this.requireUploaded(input.images);
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
    // Recorded: the files no longer count against their uploader. Should this fail, the product is
    // still recorded; the files stay claimed, and the orphan sweep keeps what the products hold.
    await this.uploads.attach(files).catch(() => undefined);
    return { productId };
  }

  /** Spec: images are the paths of files uploaded through POST /api/product-media/upload, nothing else. */
  private async requireUploaded(images: readonly string[]): Promise<void> {
    const uploaded = await this.uploads.claim(images.map(fileName));
    const missing = images.find((path) => !uploaded.has(fileName(path)));
    if (missing) throw validationError(MESSAGES.imageNotUploaded(missing));
  }
}
