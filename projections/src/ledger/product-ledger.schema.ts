import { SQL_TYPES } from '@shop/contracts';

/**
 * DDL of the product ledger: ONE row per product event (creation, stock in, stock out, deletion) in
 * stream order, never updated. It answers every per-movement question:
 * - the Transactions page and a sale's lines (movement rows, newest first; product name copied in),
 * - a product's history (its rows by entry_no; a reversal points back with `reverses`),
 * - stock as of T (the newest row of each product at or before T: balance, price and cost in force;
 *   the product's first row carries its catalogue fields, its deletion is a row too),
 * - the product part of the audit trail (summary, before → after changes, and the event's data read
 *   back from the row's own columns, see ledger-event-data.ts; its free text is searched in
 *   ledger_audit_texts),
 * - the sale lines of a partial day of a report (signed sale figures, dated when the sale happened).
 * The projection continues each product from its newest row: no per-product state table to update.
 */
export const productLedgerSchema: readonly string[] = [
  `create table if not exists product_ledger (
    product_id uuid not null,
    entry_no integer not null,
    event_id uuid not null,
    event_type text not null,
    movement_id uuid,
    direction text check (direction in ('in', 'out')),
    quantity ${SQL_TYPES.quantity} not null,
    change ${SQL_TYPES.quantity} not null,
    balance_after ${SQL_TYPES.quantity} not null,
    reason text,
    unit_price ${SQL_TYPES.amount},
    cost_price ${SQL_TYPES.amount},
    cost_in_force ${SQL_TYPES.amount},
    price_in_force ${SQL_TYPES.amount} not null,
    total_value ${SQL_TYPES.amount},
    original_total ${SQL_TYPES.amount},
    discount_percentage ${SQL_TYPES.percent},
    discount_amount ${SQL_TYPES.amount},
    sale_id text,
    seller_name text,
    notes text,
    actor_id text,
    actor_name text not null,
    at timestamptz not null,
    -- at, clamped so each product's ledger time never goes back (concurrent writers commit out of clock order)
    ledger_at timestamptz not null,
    reverses uuid,
    stocktake_id uuid,
    expected_quantity ${SQL_TYPES.quantity},
    counted_quantity ${SQL_TYPES.quantity},
    -- null: a movement of a product never seen created ('Unknown Product')
    product_name text,
    product_sku text,
    category text not null,
    -- the catalogue, on a product's first row only
    min_stock_level ${SQL_TYPES.quantity},
    description text,
    images jsonb,
    -- a sale line (+1) or the reversal of one (−1), amounts signed, dated by when the sale happened
    sale_sign smallint,
    sale_at timestamptz,
    sale_staff text,
    sale_total ${SQL_TYPES.amount},
    sale_original_total ${SQL_TYPES.amount},
    sale_discount ${SQL_TYPES.amount},
    -- (price − cost) × quantity: the cost side is not bounded by the line total, so sum-wide
    sale_profit ${SQL_TYPES.rollupAmount},
    sale_quantity ${SQL_TYPES.quantity},
    -- the audit trail's view of the event (no secrets): its data is the row's columns (ledger-event-data.ts)
    summary text not null,
    -- before → after (audit-changes.ts); null when the event changed none (nearly every row)
    changes jsonb,
    -- what of the event's data no column gives back as written (a reversal's copy of the original); mostly null
    details_extra jsonb,
    -- the (summary, actor_name) pair in ledger_audit_texts, where the audit page's free text is indexed
    text_id uuid not null,
    position_commit numeric(20,0) not null,
    position_prepare numeric(20,0) not null,
    primary key (product_id, entry_no)
  )`,
  // Each distinct (summary, actor_name) of the ledger once, under the id its rows carry (auditTextId):
  // the audit page's free text is looked for in these few rows (trigram indexes, audit-search.schema.ts)
  // rather than in every ledger row, whose summaries repeat ("Stock out: 1 × Cream (CR-1) (Sale), ₦1,500.00").
  `create table if not exists ledger_audit_texts (
    text_id uuid primary key,
    summary text not null,
    actor_name text not null,
    -- lowered once here, not at every search: ILIKE lowers both sides of every row it tests
    summary_lower text generated always as (lower(summary)) stored,
    actor_lower text generated always as (lower(actor_name)) stored
  )`,
  `create index if not exists product_ledger_text_id_idx on product_ledger (text_id)`,
  // Stock as of T: the newest row of a product at or before T, from the index alone.
  `create index if not exists product_ledger_as_of_idx on product_ledger (product_id, ledger_at, entry_no)
    include (balance_after, price_in_force, cost_in_force, event_type)`,
  // The products that ever existed, newest first (the inventory's order), from their first rows.
  `create index if not exists product_ledger_first_idx
    on product_ledger (at desc, position_commit desc, position_prepare desc) where entry_no = 1`,
  // Rows by time: the Transactions page and the movement CSV (newest first), a range's partial days,
  // and the audit page's date filter (creations and deletions included, so not partial).
  `create index if not exists product_ledger_at_idx on product_ledger (at, position_commit, position_prepare)`,
  `create index if not exists product_ledger_movement_idx on product_ledger (movement_id) where movement_id is not null`,
  `create index if not exists product_ledger_reverses_idx on product_ledger (reverses) where reverses is not null`,
  // A sale's lines, newest first (the Transactions page: is this line its group's newest? all its lines).
  `create index if not exists product_ledger_sale_idx
    on product_ledger (sale_id, at, position_commit, position_prepare) where sale_id is not null`,
  `create index if not exists product_ledger_sale_at_idx on product_ledger (sale_at) where sale_sign is not null`,
  // The audit page's keyset walks, unfiltered and by acting user, newest first: backwards, as
  // audit_log's (ascending, a new row goes to the rightmost leaf and a rebuild's build reads sorted rows).
  `create index if not exists product_ledger_position_idx on product_ledger (position_commit, position_prepare)`,
  `create index if not exists product_ledger_actor_position_idx
    on product_ledger (actor_id, position_commit, position_prepare)`,
  // Their descending forms before 2026-11-28.
  'drop index if exists product_ledger_newest_idx, product_ledger_actor_newest_idx',
];
