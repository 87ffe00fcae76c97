import { contactInfoProjection } from './contact-info/contact-info.projection';
import { customersProjection } from './customers/customers.projection';
import { onlineOrdersProjection } from './online-orders/online-orders.projection';
import { supportRequestsProjection } from './customer-support/support-requests.projection';
import { productsProjection } from './products/products.projection';
import { salesProjection } from './sales/sales.projection';
import type { ReadModelProjection } from './shared/projection';
import { settingsProjection } from './settings/settings.projection';
import { usersProjection } from './users/users.projection';
import { productLedgerProjection } from './ledger/product-ledger.projection';
import { auditLogProjection } from './audit/audit-log.projection';

export const allProjections: readonly ReadModelProjection[] = [
  productsProjection,
  usersProjection,
  settingsProjection,
  salesProjection,
  contactInfoProjection,
  supportRequestsProjection,
  customersProjection,
  onlineOrdersProjection,
  productLedgerProjection,
  auditLogProjection,
];

export {
  contactInfoProjection,
  customersProjection,
  onlineOrdersProjection,
  productsProjection,
  salesProjection,
  settingsProjection,
  supportRequestsProjection,
  usersProjection,
  productLedgerProjection,
  auditLogProjection,
};
