import { Module } from '@nestjs/common';
import { StorefrontIntakeGuard } from '../storefront/storefront-intake.guard';
import { CustomersController, GetCustomerHandler } from './customers.controller';
import { RegisterCustomerHandler } from './register-customer.command';

@Module({
  controllers: [CustomersController],
  providers: [StorefrontIntakeGuard, RegisterCustomerHandler, GetCustomerHandler],
})
export class CustomersModule {}
