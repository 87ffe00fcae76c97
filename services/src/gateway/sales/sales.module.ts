import { Module } from '@nestjs/common';
import { RecordSaleHandler } from './record-sale.command';
import { GetSaleHandler, SalesController } from './sales.controller';

@Module({ controllers: [SalesController], providers: [RecordSaleHandler, GetSaleHandler] })
export class SalesModule {}
