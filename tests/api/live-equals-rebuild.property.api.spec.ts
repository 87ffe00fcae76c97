import fc from 'fast-check';
import {
  LIMITS,
  MAX_AMOUNT,
  PAGE_KEYS,
  PRODUCT_CATEGORIES,
  STOCK_IN_REASONS,
  STOCK_OUT_REASONS,
} from '@shop/contracts';
import { allProjections } from '../../projections/src/all-projections';
import { READ_MODEL_TABLES } from '../../projections/src/read-model.migrations';
import { rebuildReadModels } from '../../projections/src/runner/rebuild-read-models';
import type { TestApp } from './support/test-app';
import { useTestApp } from './support/use-test-app';
import type { ApiClient } from './support/api-client';

/**
 * Issue 9 point 3: random histories with hostile strings and boundary numbers go through the real
 * HTTP command path; then every read-model table, row by row, must equal a rebuild from zero.
 * Seeded: set PROPERTY_SEED to replay a run (the seed is printed). Bounded: a few short histories.
 */
const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2_147_483_647);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 4);

/**
 * Columns that legitimately differ between a live projection and a rebuild, and nothing else:
 * projection_checkpoints.updated_at is the wall-clock time the checkpoint last moved.
 */
const NON_DETERMINISTIC: Readonly<Record<string, readonly string[]>> = {
  projection_checkpoints: ['updated_at'],
};

// ---------------------------------------------------------------------------------------------
// Values. NUL and lone surrogates are refused at the boundary (another part of issue 9): not generated.

const HOSTILE = [
  "'",
  "''",
  '"',
  '\\',
  '\\\\',
  '?',
  '\\?',
  '??',
  '\\??',
  '$1',
  '$$',
  ' $2::text ',
  '%s',
  '%',
  '_',
  '--',
  ';',
  '/*',
  "E'\\''",
  ':name',
  '🙂',
  '👩🏽‍🔬',
  'مرحبا بالعالم',
  'שלום',
  '\u202e',
  '\u200f',
  'e\u0301',
  'Z\u0351\u0352\u0353',
  '\t',
  '\n',
  '\r\n',
  '\ufeff',
  '<b>',
  'null',
  '{"a":1}',
  '₦',
] as const;

/** Hostile pieces and random graphemes (well-formed Unicode), NUL removed. */
const hostileText = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: 'grapheme', maxLength: 5 })), {
    minLength: 1,
    maxLength: 8,
  })
  .map((parts) => parts.join('').replace(/\0/g, ''));

/** Mostly something a field accepts (a letter first, so it survives trimming), sometimes not. */
const label = fc.oneof(
  { arbitrary: hostileText.map((text) => `N${text}`), weight: 4 },
  { arbitrary: hostileText, weight: 1 },
);

/** Long texts: 10,000 characters is past every note limit (refused), 2,000 and 5,000 fit some. */
const longText = fc.tuple(hostileText, fc.constantFrom(1_999, 2_000, 4_999, 10_000)).map(([text, length]) =>
  Array.from(`L${text}`.repeat(Math.ceil(length / (text.length + 1))))
    .slice(0, length)
    .join(''),
);

const note = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 2 },
  { arbitrary: label, weight: 4 },
  { arbitrary: longText, weight: 1 },
);

const kobo = (units: number) => `${Math.floor(units / 100)}.${String(units % 100).padStart(2, '0')}`;
/** Amounts as strings at and around the edges: 0, 1, 2-decimal edges, the largest amount and just past it. */
const price = fc.oneof(
  fc.constantFrom('0', '0.00', '0.01', '0.1', '0.99', '1', '1.005', '12.5', '99999.99', MAX_AMOUNT, '100000000.00'),
  fc.integer({ min: 0, max: 5_000_000 }).map(kobo),
);
const quantity = fc.oneof(
  fc.constantFrom(0, 1, 2, 1_001, LIMITS.maxLineQuantity, LIMITS.maxLineQuantity + 1),
  fc.integer({ min: 1, max: 40 }),
);
const stockCount = fc.oneof(
  fc.constantFrom(0, 1, LIMITS.maxStockLevel, LIMITS.maxStockLevel + 1),
  fc.integer({ min: 0, max: 500 }),
);
const percent = fc.constantFrom('0', '0.01', '12.5', '33.33', '99.99', '100', '100.01');
const pick = fc.nat();

// ---------------------------------------------------------------------------------------------
// Commands: indices (`pick`) choose among what exists when the command runs.

const command = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('createProduct' as const),
      name: label,
      sku: label,
      category: fc.constantFrom(...PRODUCT_CATEGORIES),
      price,
      costPrice: fc.option(price),
      currentStock: stockCount,
      minStockLevel: stockCount,
      description: note,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteProduct' as const), product: pick }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('stockIn' as const),
      product: pick,
      quantity,
      unitPrice: price,
      costPrice: fc.option(price),
      reason: fc.constantFrom(...STOCK_IN_REASONS),
      sellerName: fc.option(label),
      notes: note,
      saleId: fc.option(label),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('stockOut' as const),
      product: pick,
      quantity,
      unitPrice: price,
      reason: fc.constantFrom(...STOCK_OUT_REASONS),
      discountPercentage: percent,
      sellerName: fc.option(label),
      notes: note,
      saleId: fc.option(label),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      saleId: label,
      lines: fc.array(fc.record({ product: pick, quantity }), { minLength: 1, maxLength: 3 }),
      discountPercentage: percent,
      notes: note,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reverse' as const), movement: pick, notes: label }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('stocktake' as const), product: pick, counted: stockCount, notes: label }),
  },
  // Users and contact edits hash or check a password (argon2): rare, to stay within the time bound.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('createUser' as const), username: label }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('setUserActive' as const), user: pick, isActive: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('permissions' as const),
      pages: fc.dictionary(fc.constantFrom(...PAGE_KEYS), fc.boolean()),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('support' as const),
      fullName: label,
      phoneNumber: fc.option(label),
      subject: fc.option(label),
      complaint: fc.oneof(label, longText),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('supportReply' as const), request: pick, reply: label, notes: note }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('supportStatus' as const),
      request: pick,
      status: fc.constantFrom('pending', 'in_progress', 'resolved'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('onlineOrder' as const),
      customerName: label,
      customerCity: fc.option(label),
      items: fc.array(fc.record({ product: pick, quantity }), { minLength: 1, maxLength: 3 }),
      notes: note,
      forCustomer: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('orderStatus' as const),
      order: pick,
      status: fc.constantFrom('pending', 'processing', 'served'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('customer' as const),
      firstName: label,
      lastName: label,
      address: fc.option(label),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('contact' as const), address: label }) },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

const history = fc.array(command, { minLength: 10, maxLength: 40 });

/** Always tried first: the case that made issue 9's live read model drop a backslash. */
const SLASH_SERUM: Command[] = [
  {
    kind: 'createProduct',
    name: 'Slash\\?Serum',
    sku: 'SLASH-\\?',
    category: PRODUCT_CATEGORIES[0],
    price: '1.00',
    costPrice: null,
    currentStock: 3,
    minStockLevel: 1,
    description: "it's \\?, $1, %s and 'quotes'",
  },
  {
    kind: 'stockIn',
    product: 0,
    quantity: 2,
    unitPrice: '1.00',
    costPrice: '0.50',
    reason: 'purchase',
    sellerName: 'Ada \\? Obi',
    notes: 'back\\?slash',
    saleId: null,
  },
  {
    kind: 'sale',
    saleId: 'CASH-\\?-1',
    lines: [{ product: 0, quantity: 1 }],
    discountPercentage: '12.5',
    notes: '\\?',
  },
  {
    kind: 'support',
    fullName: 'Slash\\?Serum fan',
    phoneNumber: null,
    subject: '\\?',
    complaint: 'Where is \\? my order',
  },
];

// ---------------------------------------------------------------------------------------------

/** What exists so far, for the indices in commands to choose from. */
interface World {
  products: string[];
  /** What was sent for each product accepted: the read model must hold exactly that (trimmed). */
  sent: Map<string, { name: string; sku: string }>;
  movements: string[];
  users: string[];
  requests: number[];
  orders: string[];
  customers: string[];
  uniq: number;
}

const choose = <T>(items: readonly T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length];

/** Runs one command over HTTP; returns the status, or null when there was nothing to act on. */
async function run(app: TestApp, manager: ApiClient, world: World, cmd: Command): Promise<number | null> {
  const n = ++world.uniq;
  switch (cmd.kind) {
    case 'createProduct': {
      const response = await manager.post('/api/products', {
        name: cmd.name,
        sku: `${cmd.sku}#${n}`,
        category: cmd.category,
        price: cmd.price,
        costPrice: cmd.costPrice,
        currentStock: cmd.currentStock,
        minStockLevel: cmd.minStockLevel,
        description: cmd.description,
      });
      if (response.status === 201) {
        world.products.push(response.body.id);
        // Stored as accepted: trimmed, in Unicode NFC (text-fields.ts), otherwise character for character.
        world.sent.set(response.body.id, {
          name: cmd.name.normalize('NFC').trim(),
          sku: `${cmd.sku}#${n}`.normalize('NFC').trim(),
        });
      }
      return response.status;
    }
    case 'deleteProduct': {
      const product = choose(world.products, cmd.product);
      return product ? (await manager.delete(`/api/products/${product}`)).status : null;
    }
    case 'stockIn':
    case 'stockOut': {
      const product = choose(world.products, cmd.product);
      if (!product) return null;
      const response = await manager.post('/api/transactions', {
        productId: product,
        type: cmd.kind === 'stockIn' ? 'in' : 'out',
        quantity: cmd.quantity,
        unitPrice: cmd.unitPrice,
        ...(cmd.kind === 'stockIn' ? { costPrice: cmd.costPrice } : { discountPercentage: cmd.discountPercentage }),
        reason: cmd.reason,
        ...(cmd.sellerName === null ? {} : { sellerName: cmd.sellerName }),
        notes: cmd.notes,
        // A sale id of its own: reusing an existing sale's id is another rule of issue 9.
        ...(cmd.saleId === null ? {} : { saleId: `MOVE-${n}-${cmd.saleId}`.slice(0, 100) }),
      });
      if (response.status === 201) world.movements.push(response.body.id);
      return response.status;
    }
    case 'sale': {
      const items = cmd.lines.flatMap((line) => {
        const product = choose(world.products, line.product);
        return product ? [{ productId: product, quantity: line.quantity }] : [];
      });
      if (items.length === 0) return null;
      const response = await manager.post('/api/sales', {
        saleId: `SALE-${n}-${cmd.saleId}`.slice(0, 100),
        items: [...new Map(items.map((item) => [item.productId, item])).values()],
        discountPercentage: cmd.discountPercentage,
        notes: cmd.notes,
        paymentMethod: 'cash',
      });
      if (response.status === 201) {
        for (const line of (response.body.lines ?? response.body.transactions ?? []) as { id?: string }[]) {
          if (line.id) world.movements.push(line.id);
        }
      }
      return response.status;
    }
    case 'reverse': {
      const movement = choose(world.movements, cmd.movement);
      if (!movement) return null;
      const response = await manager.post(`/api/transactions/${movement}/reverse`, { notes: cmd.notes });
      if (response.status === 201) world.movements.push(response.body.id);
      return response.status;
    }
    case 'stocktake': {
      const product = choose(world.products, cmd.product);
      if (!product) return null;
      const response = await manager.post('/api/stocktakes', {
        productId: product,
        countedQuantity: cmd.counted,
        notes: cmd.notes,
      });
      if (response.status === 201 && response.body.movement) world.movements.push(response.body.movement.id);
      return response.status;
    }
    case 'createUser': {
      const response = await manager.post('/api/users', {
        username: `${cmd.username}#${n}`,
        password: 'a-long-password-1',
        role: 'assistant',
      });
      if (response.status === 201) world.users.push(response.body.id);
      return response.status;
    }
    case 'setUserActive': {
      const user = choose(world.users, cmd.user);
      return user ? (await manager.put(`/api/users/${user}`, { isActive: cmd.isActive })).status : null;
    }
    case 'permissions':
      return (await manager.put('/api/settings/page_permissions', { value: { assistant: cmd.pages } })).status;
    case 'support': {
      // The public form, from its own client (no session), as a stranger would send it.
      const response = await app.client().post('/api/customer-support', {
        fullName: cmd.fullName,
        email: `fan${n}@example.com`,
        ...(cmd.phoneNumber === null ? {} : { phoneNumber: cmd.phoneNumber }),
        ...(cmd.subject === null ? {} : { subject: cmd.subject }),
        complaint: cmd.complaint,
      });
      if (response.status === 201) world.requests.push(response.body.id);
      return response.status;
    }
    case 'supportReply': {
      const request = choose(world.requests, cmd.request);
      if (request === undefined) return null;
      return (await manager.post(`/api/customer-support/${request}/reply`, { reply: cmd.reply, notes: cmd.notes }))
        .status;
    }
    case 'supportStatus': {
      const request = choose(world.requests, cmd.request);
      if (request === undefined) return null;
      return (await manager.put(`/api/customer-support/${request}`, { status: cmd.status })).status;
    }
    case 'onlineOrder': {
      const items = cmd.items.flatMap((item) => {
        const product = choose(world.products, item.product);
        return product ? [{ productId: product, quantity: item.quantity }] : [];
      });
      if (items.length === 0) return null;
      const customerId = cmd.forCustomer ? choose(world.customers, n) : undefined;
      const response = await manager.post('/api/online-orders', {
        customerName: cmd.customerName,
        ...(customerId ? { customerId } : {}),
        ...(cmd.customerCity === null ? {} : { customerCity: cmd.customerCity }),
        items,
        notes: cmd.notes,
      });
      if (response.status === 201) world.orders.push(response.body.id);
      return response.status;
    }
    case 'orderStatus': {
      const order = choose(world.orders, cmd.order);
      if (!order) return null;
      return (await manager.request('PATCH', `/api/online-orders/${order}/status`, { status: cmd.status })).status;
    }
    case 'customer': {
      const response = await manager.post('/api/customers', {
        email: `shopper${n}@example.com`,
        firstName: cmd.firstName,
        lastName: cmd.lastName,
        ...(cmd.address === null ? {} : { address: cmd.address }),
      });
      if (response.status === 201) world.customers.push(response.body.id);
      return response.status;
    }
    case 'contact':
      return (
        await manager.put('/api/contact-info', {
          email: `shop${n}@example.com`,
          phone: '+234 801 234 5678',
          whatsapp: '+234 801 234 5679',
          address: cmd.address,
          password: app.managerPassword,
        })
      ).status;
  }
}

/** Every read-model table as sorted rows (jsonb text), without the non-deterministic columns. */
async function readModels(app: TestApp): Promise<Record<string, string[]>> {
  const knex = app.infrastructure.database.knex;
  const tables: Record<string, string[]> = {};
  for (const table of READ_MODEL_TABLES) {
    const drop = NON_DETERMINISTIC[table] ?? [];
    const result = await knex.raw<{ rows: { row: string }[] }>(
      `select (to_jsonb(t) ${drop.map(() => '- ?::text').join(' ')})::text as row from ?? t`,
      [...drop, table],
    );
    tables[table] = result.rows.map((entry) => entry.row).sort();
  }
  return tables;
}

describe(`live read models equal a rebuild after random hostile histories (seed ${SEED})`, () => {
  const world: World = {
    products: [],
    sent: new Map(),
    movements: [],
    users: [],
    requests: [],
    orders: [],
    customers: [],
    uniq: 0,
  };

  // Printed so that a failure in CI can be replayed with PROPERTY_SEED.
  beforeAll(() => console.log(`live-equals-rebuild property: PROPERTY_SEED=${SEED} PROPERTY_RUNS=${RUNS}`));
  const app = useTestApp();

  it('lists every table the migrations create', () => {
    expect(READ_MODEL_TABLES).toEqual(
      expect.arrayContaining(['products', 'product_ledger', 'daily_rollup', 'audit_log', 'support_requests']),
    );
    expect(READ_MODEL_TABLES.length).toBeGreaterThanOrEqual(15);
  });

  it('compares every read-model table, row by row, between live projections and a rebuild from zero', async () => {
    const statuses = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(history, async (commands) => {
        for (const cmd of commands) {
          const status = await run(app, app.manager, world, cmd);
          if (status === null) continue;
          statuses.set(`${cmd.kind} ${status}`, (statuses.get(`${cmd.kind} ${status}`) ?? 0) + 1);
          // A hostile value is a client error at worst, never a server error.
          expect({ command: cmd.kind, status: status < 500 }).toEqual({ command: cmd.kind, status: true });
        }
        expect(await app.caughtUp(30_000)).toBe(true);
        // Live and rebuilt could share a fault (both go through the same SQL path): the values
        // accepted must also be the values stored, character for character.
        const stored = await app.infrastructure.database.knex('products').select('id', 'name', 'sku');
        expect(
          new Map(
            stored.map((row: { id: string; name: string; sku: string }) => [row.id, { name: row.name, sku: row.sku }]),
          ),
        ).toEqual(world.sent);
        const live = await readModels(app);
        await rebuildReadModels({
          knex: app.infrastructure.database.knex,
          eventStore: app.infrastructure.eventStore,
          projections: allProjections,
          logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
        });
        const rebuilt = await readModels(app);
        for (const table of READ_MODEL_TABLES) {
          expect({ table, rows: rebuilt[table] }).toEqual({ table, rows: live[table] });
        }
      }),
      // Each run replays the whole store: shrinking would rerun dozens of HTTP histories, so a
      // failure reports the seed and the history as generated instead.
      { seed: SEED, numRuns: RUNS, endOnFailure: true, examples: [[SLASH_SERUM]] },
    );
    // The histories did reach the read models: products, movements and more were accepted.
    expect(world.products.length).toBeGreaterThan(0);
    expect(world.movements.length).toBeGreaterThan(0);
    console.log(`live-equals-rebuild property (seed ${SEED}): ${JSON.stringify(Object.fromEntries(statuses))}`);
  }, 170_000);
});
