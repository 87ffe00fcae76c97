export { migrateReadModels } from './read-model.migrations';
export * from './all-projections';
export type { ProjectedEvent, ProjectedEventOf, ReadModelProjection, ProjectionLogger } from './shared/projection';
export { defineProjection } from './shared/projection';

export {
  ProjectionRunner,
  type ProjectionRunnerOptions,
  type ProjectionStatus,
  type WaitOptions,
} from './runner/projection-runner';
export { CheckpointWatch } from './runner/checkpoint-watch';
export { readCheckpoints, type Checkpoint } from './runner/checkpoint.store';
export {
  rebuildReadModels,
  RebuildError,
  type RebuildOptions,
  type RebuildProgress,
  type RebuildResult,
} from './runner/rebuild-read-models';
export { InvalidStoredEventError } from './runner/event-batch';

export { listProducts } from './products/list-products.query';
export { getProduct } from './products/get-product.query';
export {
  getTransaction,
  listTransactions,
  newestTransactions,
  transactionPages,
} from './transactions/list-transactions.query';
export { transactionFromEvent, type MovementEvent } from './transactions/transaction-from-event';
export { saleFromEvent } from './sales/sale-from-event';
export { getDashboardMetrics } from './dashboard/get-dashboard-metrics.query';
export { listUsers } from './users/list-users.query';
export { findUserByUsername } from './users/find-user-by-username.query';
export { getUserById } from './users/get-user-by-id.query';
export { toUserResponse, type UserRecord } from './users/user-row.mapper';
export { getSetting, type Setting } from './settings/get-setting.query';
export { getSale } from './sales/get-sale.query';
export { getSupportRequest, listSupportRequests } from './customer-support/list-support-requests.query';
export { getSupportStats } from './customer-support/get-support-stats.query';
export { getContactInfo } from './contact-info/get-contact-info.query';
export { listInventoryAsOf, inventoryPages, type InventoryQuery } from './ledger/inventory-as-of.query';
export { getProductHistory } from './ledger/product-history.query';
export { findLedgerMovement, type LedgerMovementRef } from './ledger/find-ledger-movement.query';
export { listTransactionGroups } from './ledger/transaction-groups.query';
export { ledgerMovementPages, type LedgerMovement, type MovementRange } from './ledger/ledger-movements.query';
export { getReportSummary, type ReportRange } from './reports/report-summary.query';
export { listStaffDailySales } from './reports/staff-daily-sales.query';
export { allAuditEntries, listAudit, type AuditFilter } from './audit/list-audit.query';
export { getOnlineOrder, listOnlineOrders } from './online-orders/list-online-orders.query';
export { countOnlineOrders } from './online-orders/count-online-orders.query';
export { getCustomer, countCustomers } from './customers/get-customer.query';
export { countSetAside, listSetAside, formatPosition, type SetAsideEvent } from './runner/set-aside.store';
export { retrySetAside, type RetryReport } from './runner/retry-set-aside';
