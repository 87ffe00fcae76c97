import * as contracts from '@shop/contracts';
import type { ZodType } from 'zod';
import { anchor, byText, code, table } from './markdown';
import type { RouteInfo } from './route-table';
import { schemaBlock } from './schema-text';
import type { SourceIndex } from './source-comments';

interface Shape {
  readonly name: string;
  readonly schema: ZodType;
  readonly io: 'input' | 'output';
  readonly origin: string;
  readonly doc: string;
}

const contractExports = contracts as unknown as Record<string, unknown>;
const exportNameOf = (schema: unknown) =>
  Object.keys(contractExports)
    .sort(byText)
    .find((name) => contractExports[name] === schema);

function accessText(route: RouteInfo): string {
  switch (route.access) {
    case 'public':
      return 'public';
    case 'signed-in':
      return 'signed-in';
    case 'manager':
      return 'manager';
    case 'storefront':
      return 'storefront token or manager';
    case 'pages':
      return `${route.pages.length > 1 ? 'pages' : 'page'} ${route.pages.map(code).join(', ')}`;
  }
}

function refusals(route: RouteInfo): string {
  const out: string[] = [];
  if (route.body) out.push('400 body');
  if (route.query) out.push('400 query');
  if (route.access !== 'public') out.push('401');
  if (route.access === 'pages' || route.access === 'manager' || route.access === 'storefront') out.push('403');
  for (const param of route.params)
    out.push(`${param.status} ${code(`:${param.name}`)} not a uuid: ${code(param.message)}`);
  if (route.guards.includes('PasswordAttemptGuard')) out.push('429 too many refused passwords');
  return out.join('; ');
}

/** The generated part of docs/api.md: every route and every contract it names. */
export function renderApiReference(routes: readonly RouteInfo[], sources: SourceIndex): string {
  const shapes = new Map<string, Shape>();
  const shapeLink = (shape: Shape) => {
    shapes.set(shape.name, shape);
    return `[${code(shape.name)}](#${anchor('shape', shape.name)})`;
  };
  const requestShape = (schema: ZodType, route: RouteInfo, part: 'body' | 'query') => {
    const name = exportNameOf(schema) ?? `${route.controller}.${route.handler} ${part}`;
    const notes = sources.constants.get(name);
    return shapeLink({
      name,
      schema,
      io: 'input',
      origin: notes?.file ?? sources.handlers.get(`${route.controller}.${route.handler}`)?.file ?? '',
      doc: notes?.doc ?? '',
    });
  };
  const answer = (route: RouteInfo) => {
    const returns = sources.handlers.get(`${route.controller}.${route.handler}`)?.returns ?? '';
    const parts = returns.split(/\s*\|\s*/).map((part) => {
      const match = /^(\w+)(\[\])?$/.exec(part);
      const type = match ? sources.schemaTypes.get(match[1]!) : undefined;
      const schema = type ? (contractExports[type.schema] as ZodType | undefined) : undefined;
      if (!match || !type || !schema) return code(part);
      const notes = sources.constants.get(type.schema);
      return (
        shapeLink({ name: match[1]!, schema, io: type.io, origin: notes?.file ?? '', doc: notes?.doc ?? '' }) +
        (match[2] ?? '')
      );
    });
    if (returns === 'void' || returns === '')
      return route.status === 204
        ? '204 no body'
        : `${route.status} written by the handler (a download, a file or text: see above)`;
    return `${route.status} ${parts.join(' \\| ')}`;
  };
  const rows = routes.map((route) => {
    const request = [
      route.body ? `body ${requestShape(route.body, route, 'body')}` : '',
      route.query ? `query ${requestShape(route.query, route, 'query')}` : '',
    ].filter(Boolean);
    return [
      code(`${route.method} ${route.path}`),
      accessText(route),
      request.join('; ') || '–',
      answer(route),
      refusals(route) || '–',
      sources.handlers.get(`${route.controller}.${route.handler}`)?.doc ?? '',
    ];
  });
  const out: string[] = [];
  out.push(
    `${routes.length} routes, read from the gateway's controllers (their Nest metadata; a test checks them against the ` +
      `routes Fastify serves), by path. **Access** is the route's rule (${code(sources.constants.get('ACCESS_KEY')?.file ?? 'access.decorator.ts')}; ` +
      "see [access.md](access.md)). **Request** and **Answer** name the contracts' zod schemas, shown under " +
      '[Contracts](#contracts) below (`?` marks an optional field). **Refusals** are those the route declares: a ' +
      'body or query that fails its schema (400, naming the field), no session (401), a rule the user does not meet ' +
      '(403), a malformed id (404), too many refused passwords (429); the refusals of the rules themselves (404, 409) ' +
      'are described in the sections above. Every route that needs a session also answers 429 when that session ' +
      `already has ${contracts.LIMITS.maxRequestsWaitingPerSession} requests waiting their turn (${code('LIMITS.maxRequestsWaitingPerSession')}).`,
  );
  out.push('', table(['Call', 'Access', 'Request', 'Answer', 'Refusals', 'Note (from the code)'], rows));
  out.push(
    '',
    '### Contracts',
    '',
    'Each schema as the client sends it (requests) or receives it (answers). `money` is a decimal string with ' +
      '2 decimals (`"1500.00"`, negative only where a figure can be), `percent` up to 3 digits and 2 decimals; ' +
      '`= x` is the default of an absent field.',
  );
  for (const shape of [...shapes.values()].sort((a, b) => byText(a.name, b.name))) {
    out.push('', `<a id="${anchor('shape', shape.name)}"></a>`, '', `#### ${shape.name}`, '');
    const origin = shape.origin ? ` in ${code(shape.origin)}` : '';
    out.push(`${shape.io === 'input' ? 'Request' : 'Answer'}${origin}.${shape.doc ? ` ${shape.doc}` : ''}`, '');
    out.push('```ts', schemaBlock(shape.schema, shape.io), '```');
  }
  return out.join('\n');
}
