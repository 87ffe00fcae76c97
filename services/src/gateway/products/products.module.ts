import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { CreateProductHandler } from './create-product.command';
import { DeleteProductHandler } from './delete-product.command';
import { GetProductHandler, ListProductsHandler } from './product.queries';
import { ProductsController } from './products.controller';

@Module({
  imports: [MediaModule],
  controllers: [ProductsController],
  providers: [CreateProductHandler, DeleteProductHandler, ListProductsHandler, GetProductHandler],
})
export class ProductsModule {}
