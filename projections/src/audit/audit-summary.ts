import { formatNaira, formatReason, lagosWallTime, type AuditEntity } from '@shop/contracts';
import { assertNever, type ProjectedEventOf } from '../shared/projection';

export const AUDITED_EVENTS = [
  'ProductCreated',
  'ProductDeleted',
  'StockReceived',
  'StockIssued',
  'SaleRecorded',
  'UserCreated',
  'UserActivationChanged',
  'UserDeleted',
  'UserPasswordChanged',
  'UserSignedIn',
  'SettingChanged',
  'ContactInfoChanged',
  'CustomerRegistered',
  'OnlineOrderPlaced',
  'OnlineOrderStatusChanged',
  'SupportRequestSubmitted',
  'SupportStatusChanged',
  'SupportReplied',
  'SupportReplyDelivered',
  'SupportReplyDeliveryFailed',
] as const;
export type AuditedEvent = ProjectedEventOf<(typeof AUDITED_EVENTS)[number]>;

/** A product's events are rows of the product ledger, which words them for the trail itself. */
export const PRODUCT_LEDGER_EVENTS = ['ProductCreated', 'ProductDeleted', 'StockReceived', 'StockIssued'] as const;
type ProductLedgerEvent = (typeof PRODUCT_LEDGER_EVENTS)[number];

/** The events audit_log keeps: everything but a product's. */
export const AUDIT_LOG_EVENTS = AUDITED_EVENTS.filter(
  (type): type is Exclude<(typeof AUDITED_EVENTS)[number], ProductLedgerEvent> =>
    !(PRODUCT_LEDGER_EVENTS as readonly string[]).includes(type),
);

export interface AuditLine {
  readonly entity: AuditEntity;
  readonly entityId: string;
  readonly summary: string;
}

/** Looks up a user's or product's name recorded earlier (or in the same batch). */
export type NameOf = (kind: 'user' | 'product', id: string) => string;

function movementSuffix(data: ProjectedEventOf<'StockReceived' | 'StockIssued'>['data']): string {
  if (data.reverses)
    return `, reversing ${data.reverses.type === 'in' ? 'a stock in' : 'a stock out'} (${formatReason(data.reverses.reason)}) of ${data.reverses.quantity}`;
  if (data.stocktake)
    return `, stocktake: counted ${data.stocktake.countedQuantity}, expected ${data.stocktake.expectedQuantity}`;
  if ('offline' in data && data.offline)
    return `, sold offline at ${lagosWallTime(data.offline.soldAt)}${data.offline.stockAfter < 0 ? `, oversold while offline (stock ${data.offline.stockAfter})` : ''}`;
  return '';
}

/** A status as the screens word it: "in_progress" reads "in progress". */
const statusText = (status: string): string => status.replace(/_/g, ' ');

/**
 * Which entity an event is about and what happened, in one line, as people read it: amounts in
 * naira with thousands separators, times on the shop's clock (Africa/Lagos). Changing this wording
 * changes new rows only; `npm run projections:rebuild` rewords the stored ones.
 */
export function describe(event: AuditedEvent, nameOf: NameOf): AuditLine {
  switch (event.type) {
    case 'ProductCreated':
      return {
        entity: 'product',
        entityId: event.data.productId,
        summary: `Created product ${event.data.name} (${event.data.sku}) with ${event.data.openingStock} in stock`,
      };
    case 'ProductDeleted':
      return {
        entity: 'product',
        entityId: event.data.productId,
        summary: `Deleted product ${nameOf('product', event.data.productId)}`,
      };
    case 'StockReceived':
    case 'StockIssued': {
      const { data } = event;
      const verb = event.type === 'StockReceived' ? 'Stock in' : 'Stock out';
      return {
        entity: 'product',
        entityId: data.productId,
        summary: `${verb}: ${data.quantity} × ${nameOf('product', data.productId)} (${formatReason(data.reason)}), ${formatNaira(data.totalValue)}${movementSuffix(data)}`,
      };
    }
    case 'SaleRecorded':
      return {
        entity: 'sale',
        entityId: event.data.saleId,
        summary: `Sale ${event.data.saleId}: ${event.data.lines.length} line(s), ${formatNaira(event.data.totalValue)} (${event.data.paymentMethod})${event.data.offline ? `, taken offline at ${lagosWallTime(event.data.offline.soldAt)}, synced by ${event.data.offline.syncedBy}` : ''}`,
      };
    case 'UserCreated':
      return {
        entity: 'user',
        entityId: event.data.userId,
        summary: `Created ${event.data.role} ${event.data.username}`,
      };
    case 'UserActivationChanged':
      return {
        entity: 'user',
        entityId: event.data.userId,
        summary: `${event.data.isActive ? 'Activated' : 'Deactivated'} ${nameOf('user', event.data.userId)}`,
      };
    case 'UserDeleted':
      return {
        entity: 'user',
        entityId: event.data.userId,
        summary: `Deleted user ${nameOf('user', event.data.userId)}`,
      };
    case 'UserPasswordChanged':
      return {
        entity: 'user',
        entityId: event.data.userId,
        summary: `Changed the password of ${nameOf('user', event.data.userId)}`,
      };
    case 'UserSignedIn':
      return { entity: 'user', entityId: event.data.userId, summary: `${nameOf('user', event.data.userId)} signed in` };
    case 'SettingChanged':
      return { entity: 'setting', entityId: event.data.key, summary: `Changed setting ${event.data.key}` };
    case 'ContactInfoChanged':
      return { entity: 'contact', entityId: 'contact_info', summary: 'Changed the contact details' };
    case 'CustomerRegistered':
      return {
        entity: 'customer',
        entityId: event.data.customerId,
        summary: `Registered customer ${event.data.firstName} ${event.data.lastName} (${event.data.email})`,
      };
    case 'OnlineOrderPlaced':
      return {
        entity: 'order',
        entityId: event.data.orderId,
        summary: `Order ${event.data.orderNumber} placed by ${event.data.customerName}: ${event.data.items.length} item(s), ${formatNaira(event.data.totalAmount)}`,
      };
    case 'OnlineOrderStatusChanged':
      return {
        entity: 'order',
        entityId: event.data.orderId,
        summary: `Order ${event.data.orderNumber}: ${statusText(event.data.from)} → ${statusText(event.data.to)}`,
      };
    case 'SupportRequestSubmitted':
      return {
        entity: 'support',
        entityId: String(event.data.requestId),
        summary: `Support request #${event.data.requestId} from ${event.data.fullName}${event.data.subject ? `: ${event.data.subject}` : ''}`,
      };
    case 'SupportStatusChanged':
      return {
        entity: 'support',
        entityId: String(event.data.requestId),
        summary: `Support request #${event.data.requestId}: ${statusText(event.data.from)} → ${statusText(event.data.to)}`,
      };
    case 'SupportReplied':
      return {
        entity: 'support',
        entityId: String(event.data.requestId),
        summary: `Reply to support request #${event.data.requestId} by ${event.data.repliedBy}`,
      };
    case 'SupportReplyDelivered':
      return {
        entity: 'support',
        entityId: String(event.data.requestId),
        summary: `Reply to support request #${event.data.requestId} delivered to ${event.data.to}`,
      };
    case 'SupportReplyDeliveryFailed':
      return {
        entity: 'support',
        entityId: String(event.data.requestId),
        summary: `Reply to support request #${event.data.requestId} not delivered: ${event.data.error}`,
      };
    default:
      return assertNever(event);
  }
}

const SECRET = /password|token|secret/i;

/** The event's fields for the auditor, with every secret-looking key (password hashes) removed at any depth. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value === null || typeof value !== 'object') return value;
  // A plain loop: it runs for every event of a rebuild, where entries/filter/map arrays added up.
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (SECRET.test(key)) continue;
    const inner = redact((value as Record<string, unknown>)[key]);
    // Free-form data (a setting's value) may hold a "__proto__" key: keep it as data, as fromEntries did.
    if (key === '__proto__') Object.defineProperty(kept, key, { value: inner, enumerable: true, writable: true });
    else kept[key] = inner;
  }
  return kept;
}
