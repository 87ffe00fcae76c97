import { z } from 'zod';
import { eventMetadataSchema, type EventMetadata } from './event-metadata';
import {
  productCreatedV1,
  productDeletedV1,
  skuClaimedV1,
  skuReleasedV1,
  stockIssuedV1,
  stockReceivedV1,
} from './product-events';
import { receiptLineAddedV1, saleIdClaimedV1, saleRecordedV1 } from './sale-events';
import {
  supportRepliedV1,
  supportReplyDeliveredV1,
  supportReplyDeliveryFailedV1,
  supportRequestIdAllocatedV1,
  supportRequestSubmittedV1,
  supportStatusChangedV1,
} from './support-events';
import { customerEmailClaimedV1, customerRegisteredV1 } from './customer-events';
import { onlineOrderPlacedV1, onlineOrderStatusChangedV1, orderNumberClaimedV1 } from './online-order-events';
import { contactInfoChangedV1 } from './contact-events';
import {
  settingChangedV1,
  userActivationChangedV1,
  userCreatedV1,
  userDeletedV1,
  userPasswordChangedV1,
  userSignedInV1,
  usernameClaimedV1,
  usernameReleasedV1,
} from './user-events';

/**
 * Every event type with its current schema version and zod schema.
 * A stored event is read through `parseEventData`, which upcasts older versions explicitly,
 * so an event once stored is never reinterpreted silently.
 */
export const EVENT_CATALOGUE = {
  ProductCreated: { version: 1, schema: productCreatedV1 },
  ProductDeleted: { version: 1, schema: productDeletedV1 },
  StockReceived: { version: 1, schema: stockReceivedV1 },
  StockIssued: { version: 1, schema: stockIssuedV1 },
  SkuClaimed: { version: 1, schema: skuClaimedV1 },
  SkuReleased: { version: 1, schema: skuReleasedV1 },
  UserCreated: { version: 1, schema: userCreatedV1 },
  UserActivationChanged: { version: 1, schema: userActivationChangedV1 },
  UserDeleted: { version: 1, schema: userDeletedV1 },
  UserPasswordChanged: { version: 1, schema: userPasswordChangedV1 },
  UserSignedIn: { version: 1, schema: userSignedInV1 },
  UsernameClaimed: { version: 1, schema: usernameClaimedV1 },
  UsernameReleased: { version: 1, schema: usernameReleasedV1 },
  SettingChanged: { version: 1, schema: settingChangedV1 },
  SaleRecorded: { version: 1, schema: saleRecordedV1 },
  SaleIdClaimed: { version: 1, schema: saleIdClaimedV1 },
  ReceiptLineAdded: { version: 1, schema: receiptLineAddedV1 },
  SupportRequestIdAllocated: { version: 1, schema: supportRequestIdAllocatedV1 },
  SupportRequestSubmitted: { version: 1, schema: supportRequestSubmittedV1 },
  SupportStatusChanged: { version: 1, schema: supportStatusChangedV1 },
  SupportReplied: { version: 1, schema: supportRepliedV1 },
  SupportReplyDelivered: { version: 1, schema: supportReplyDeliveredV1 },
  SupportReplyDeliveryFailed: { version: 1, schema: supportReplyDeliveryFailedV1 },
  ContactInfoChanged: { version: 1, schema: contactInfoChangedV1 },
  CustomerRegistered: { version: 1, schema: customerRegisteredV1 },
  CustomerEmailClaimed: { version: 1, schema: customerEmailClaimedV1 },
  OnlineOrderPlaced: { version: 1, schema: onlineOrderPlacedV1 },
  OnlineOrderStatusChanged: { version: 1, schema: onlineOrderStatusChangedV1 },
  OrderNumberClaimed: { version: 1, schema: orderNumberClaimedV1 },
} as const;

export type EventType = keyof typeof EVENT_CATALOGUE;
export type EventData<T extends EventType> = z.infer<(typeof EVENT_CATALOGUE)[T]['schema']>;

/** A domain event as deciders emit it: `{ type, data }`, discriminated on type. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];
export type DomainEventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

/** Upcasters from (type, older version) to the next version's data. None yet: all events are v1. */
const UPCASTERS: Partial<Record<EventType, Record<number, (data: unknown) => unknown>>> = {};

export class UnknownEventError extends Error {
  constructor(type: string, version: number) {
    super(`Unknown event ${type} v${version}`);
  }
}

export const isKnownEventType = (type: string): type is EventType => type in EVENT_CATALOGUE;

/** Validates stored event data against its schema, upcasting older versions step by step. */
export function parseEventData<T extends EventType>(type: T, version: number, data: unknown): EventData<T> {
  const entry = EVENT_CATALOGUE[type];
  if (!entry || version > entry.version || version < 1) throw new UnknownEventError(type, version);
  let current = data;
  for (let from = version; from < entry.version; from++) {
    const upcast = UPCASTERS[type]?.[from];
    if (!upcast) throw new UnknownEventError(type, from);
    current = upcast(current);
  }
  return entry.schema.parse(current) as EventData<T>;
}

export function toDomainEvent(type: string, version: number, data: unknown): DomainEvent | null {
  if (!isKnownEventType(type)) return null;
  return { type, data: parseEventData(type, version, data) } as DomainEvent;
}

export function parseEventMetadata(metadata: unknown): EventMetadata {
  return eventMetadataSchema.parse(metadata);
}
