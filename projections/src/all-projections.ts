import { contactInfoProjection } from './contact-info/contact-info.projection';
import { customersProjection } from './customers/customers.projection';
import { onlineOrdersProjection } from './online-orders/online-orders.projection';
import { supportRequestsProjection } from './customer-support/support-requests.projection';
import { dailySalesProjection } from './dashboard/daily-sales.projection';
import { productsProjection } from './products/products.projection';
import { salesProjection } from './sales/sales.projection';
import type { ReadModelProjection } from './shared/projection';
import { settingsProjection } from './settings/settings.projection';
import { transactionsProjection } from './transactions/transactions.projection';
import { usersProjection } from './users/users.projection';
import { stockLedgerProjection } from './ledger/stock-ledger.projection';
import { auditLogProjection } from './audit/audit-log.projection';
import { dailyStaffSalesProjection } from './reports/daily-staff-sales.projection';

export const allProjections: readonly ReadModelProjection[] = [
  productsProjection,
  transactionsProjection,
  dailySalesProjection,
  usersProjection,
  settingsProjection,
  salesProjection,
  contactInfoProjection,
  supportRequestsProjection,
  customersProjection,
  onlineOrdersProjection,
  stockLedgerProjection,
  auditLogProjection,
  dailyStaffSalesProjection,
];

export {
  contactInfoProjection,
  customersProjection,
  onlineOrdersProjection,
  dailySalesProjection,
  productsProjection,
  salesProjection,
  settingsProjection,
  supportRequestsProjection,
  transactionsProjection,
  usersProjection,
  stockLedgerProjection,
  auditLogProjection,
  dailyStaffSalesProjection,
};
