/**
 * The naive CRUD baseline, run as its own process by the benchmark: a node:http server doing what a
 * plain table-per-entity back office does for POST /api/transactions, on the same database engine
 * and driver stack as the gateway (openDatabase: PGlite over its loopback wire server, or a pg pool of 10):
 * validate the body with the same zod schema, look up the session cookie, then ONE transaction per
 * movement that updates the product's stock column (refusing to go below zero) and inserts the
 * movement row, and answer the row as JSON. No events, no projections, no group commit.
 * Env: DATABASE_URL or DATA_DIR. Prints "crud baseline listening on 127.0.0.1:<port>".
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createTransactionInput } from '@shop/contracts';
import { openDatabase } from '@shop/infrastructure';

const schema = `
create table if not exists crud_users (
  id uuid primary key, username text not null unique, role text not null, is_active boolean not null default true);
create table if not exists crud_sessions (
  token_hash text primary key, user_id uuid not null references crud_users (id), expires_at timestamptz not null);
create table if not exists crud_products (
  id uuid primary key, name text not null, sku text not null unique, price numeric(10,2) not null,
  cost_price numeric(10,2), current_stock integer not null check (current_stock >= 0));
create table if not exists crud_movements (
  id uuid primary key, product_id uuid not null references crud_products (id), product_name text not null,
  product_sku text not null, type text not null, quantity integer not null, unit_price numeric(10,2),
  cost_price numeric(10,2), total_value numeric(10,2) not null, reason text not null, seller_name text not null,
  notes text, created_at timestamptz not null default now());
create index if not exists crud_movements_product_idx on crud_movements (product_id);
create index if not exists crud_movements_newest_idx on crud_movements (created_at desc);
`;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

async function main(): Promise<void> {
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR || undefined,
  });
  const { knex } = database;
  await knex.raw(schema);

  const send = (response: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    response.end(text);
  };

  const findUser = async (request: IncomingMessage) => {
    const token = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    if (!token) return null;
    const { rows } = await knex.raw<{ rows: { username: string }[] }>(
      `select u.username from crud_sessions s join crud_users u on u.id = s.user_id
       where s.token_hash = ? and s.expires_at > now() and u.is_active`,
      [digest(token)],
    );
    return rows[0] ?? null;
  };

  const seed = async (count: number) => {
    const userId = randomUUID();
    const token = randomBytes(32).toString('base64url');
    await knex.raw(`insert into crud_users (id, username, role) values (?, 'bench-manager', 'manager')`, [userId]);
    await knex.raw(`insert into crud_sessions values (?, ?, now() + interval '1 day')`, [digest(token), userId]);
    const products = Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      name: `Bench product ${index}`,
      sku: `BENCH-${index}`,
      price: '1500.00',
      cost_price: '1000.00',
      current_stock: 1_000_000,
    }));
    for (let index = 0; index < products.length; index += 500)
      await knex('crud_products').insert(products.slice(index, index + 500));
    return { cookie: `sid=${token}`, productIds: products.map((product) => product.id) };
  };

  const recordMovement = async (request: IncomingMessage, body: unknown) => {
    const parsed = createTransactionInput.safeParse(body);
    if (!parsed.success) return { status: 400, body: { message: parsed.error.issues[0]?.message } };
    const user = await findUser(request);
    if (!user) return { status: 401, body: { message: 'Not signed in' } };
    const input = parsed.data;
    const delta = input.type === 'in' ? input.quantity : -input.quantity;
    const row = await knex.transaction(async (trx) => {
      const updated = await trx.raw<{ rows: { name: string; sku: string; cost_price: string | null }[] }>(
        `update crud_products set current_stock = current_stock + ?
         where id = ? and current_stock + ? >= 0 returning name, sku, cost_price`,
        [delta, input.productId, delta],
      );
      const product = updated.rows[0];
      if (!product) return null;
      const inserted = await trx.raw<{ rows: unknown[] }>(
        `insert into crud_movements (id, product_id, product_name, product_sku, type, quantity, unit_price,
           cost_price, total_value, reason, seller_name, notes)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning *`,
        [
          randomUUID(),
          input.productId,
          product.name,
          product.sku,
          input.type,
          input.quantity,
          input.unitPrice,
          input.costPrice ?? product.cost_price,
          (Number(input.unitPrice) * input.quantity).toFixed(2),
          input.reason,
          input.sellerName || user.username,
          input.notes ?? null,
        ],
      );
      return inserted.rows[0];
    });
    return row
      ? { status: 201, body: row }
      : { status: 409, body: { message: 'Insufficient stock or no such product' } };
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        try {
          const body: unknown = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
          if (request.method === 'POST' && request.url === '/api/transactions') {
            const answer = await recordMovement(request, body);
            return send(response, answer.status, answer.body);
          }
          if (request.method === 'POST' && request.url === '/bench/seed') {
            return send(response, 201, await seed(Number((body as { count?: number }).count ?? 0)));
          }
          send(response, 404, { message: 'Not found' });
        } catch (error) {
          send(response, 500, { message: error instanceof Error ? error.message : String(error) });
        }
      })();
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`crud baseline listening on 127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  });
  const stop = () => {
    server.closeAllConnections();
    server.close(() => void database.close().then(() => process.exit(0)));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
