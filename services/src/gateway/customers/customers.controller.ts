import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, QueryBus, QueryHandler, Query, type IQueryHandler } from '@nestjs/cqrs';
import {
  MESSAGES,
  registerCustomerInput,
  type Customer,
  type RegisterCustomerCommandInput,
  type SessionUser,
} from '@shop/contracts';
import { getCustomer } from '@shop/projections';
import type { Database } from '@shop/infrastructure';
import { notFound } from '@shop/domain';
import { CurrentUser } from '../auth/current-user.decorator';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { DATABASE } from '../infrastructure/tokens';
import { StorefrontIntake } from '../storefront/storefront-intake.guard';
import { RegisterCustomerCommand } from './register-customer.command';
import { readBackRecorded } from '../http/recorded-write';

export class GetCustomerQuery extends Query<Customer> {
  constructor(readonly customerId: string) {
    super();
  }
}

@QueryHandler(GetCustomerQuery)
export class GetCustomerHandler implements IQueryHandler<GetCustomerQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute({ customerId }: GetCustomerQuery): Promise<Customer> {
    const customer = await getCustomer(this.database.knex, customerId);
    if (!customer) throw notFound(MESSAGES.customerNotFound);
    return customer;
  }
}

@Controller('api/customers')
export class CustomersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** The public store is closed (spec section 2): customers are registered through the storefront intake only. */
  @Post()
  @StorefrontIntake()
  @HttpCode(201)
  async register(
    @Body(new ZodBodyPipe(registerCustomerInput)) input: RegisterCustomerCommandInput,
    @CurrentUser() user: SessionUser | undefined,
  ): Promise<Customer> {
    const { customerId } = await this.commands.execute(new RegisterCustomerCommand(input, user ?? null));
    return readBackRecorded(() => this.queries.execute(new GetCustomerQuery(customerId)), { id: customerId });
  }
}
