import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { HttpException, Type } from '@nestjs/common';
import type { ZodType } from 'zod';
import { byText } from './markdown';
// The gateway's own pieces, read as the app declares them. (When services/ is re-cut into packages,
// these imports and the gateway's package.json below are the only lines here that follow it.)
import { loadConfig } from '../../services/src/config';
import { AppModule } from '../../services/src/gateway/app.module';
import type { Infrastructure } from '../../services/src/gateway/infrastructure/infrastructure';
import { ACCESS_KEY, type AccessRule } from '../../services/src/gateway/auth/access.decorator';

// Nest is the gateway's dependency, installed under its package: load the very copy the app uses, so
// the metadata keys and classes (ParseUUIDPipe) are the ones its decorators wrote.
const gatewayRequire = createRequire(join(__dirname, '../../services/package.json'));
const nestCommon = gatewayRequire('@nestjs/common') as typeof import('@nestjs/common');
const { GUARDS_METADATA, HTTP_CODE_METADATA, METHOD_METADATA, MODULE_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } =
  gatewayRequire('@nestjs/common/constants') as typeof import('@nestjs/common/constants');
const { RouteParamtypes } = gatewayRequire(
  '@nestjs/common/enums/route-paramtypes.enum',
) as typeof import('@nestjs/common/enums/route-paramtypes.enum');
const { HttpStatus, ParseUUIDPipe, RequestMethod } = nestCommon;

/** Who may call a route, as the session guard and the route's own guards decide it. */
export type RouteAccess = AccessRule['kind'] | 'storefront';

export interface RouteParamRefusal {
  readonly name: string;
  readonly status: number;
  readonly message: string;
}

export interface RouteInfo {
  readonly method: string;
  /** Express notation, e.g. /api/products/:id/history */
  readonly path: string;
  readonly controller: string;
  readonly handler: string;
  readonly access: RouteAccess;
  readonly pages: readonly string[];
  /** Guards other than the session guard (by class name), e.g. PasswordAttemptGuard. */
  readonly guards: readonly string[];
  readonly status: number;
  readonly body: ZodType | null;
  readonly query: ZodType | null;
  /** Path parameters whose pipe refuses a malformed value, with the status and message it answers. */
  readonly params: readonly RouteParamRefusal[];
}

const HTTP_METHODS: Record<number, string> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.DELETE]: 'DELETE',
};

const joinPath = (...parts: string[]) =>
  '/' +
  parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/');

interface ArgMetadata {
  readonly index: number;
  readonly data?: unknown;
  readonly pipes?: readonly unknown[];
}

/** The contracts' zod schema a route validates its body or query with (ZodBodyPipe keeps it as `schema`). */
function zodSchemaOf(pipes: readonly unknown[] | undefined): ZodType | null {
  for (const pipe of pipes ?? []) {
    const schema = (pipe as { schema?: unknown } | null)?.schema;
    if (schema && typeof (schema as ZodType).safeParse === 'function') return schema as ZodType;
  }
  return null;
}

function paramRefusals(name: string, pipes: readonly unknown[] | undefined): RouteParamRefusal[] {
  const refusals: RouteParamRefusal[] = [];
  for (const pipe of pipes ?? []) {
    if (!(pipe instanceof ParseUUIDPipe)) continue;
    const factory = (pipe as unknown as { exceptionFactory?: (error: string) => unknown }).exceptionFactory;
    const exception = factory?.('') as HttpException | undefined;
    if (exception && typeof exception.getStatus === 'function')
      refusals.push({ name, status: exception.getStatus(), message: exception.message });
    else refusals.push({ name, status: HttpStatus.BAD_REQUEST, message: 'Validation failed (uuid is expected)' });
  }
  return refusals;
}

function describeHandler(controller: Type, handlerName: string): RouteInfo[] {
  const handler = controller.prototype[handlerName] as (...args: unknown[]) => unknown;
  const methodCode = Reflect.getMetadata(METHOD_METADATA, handler) as number | undefined;
  const routePath = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
  if (methodCode === undefined || routePath === undefined) return [];
  const method = HTTP_METHODS[methodCode];
  if (!method) throw new Error(`${controller.name}.${handlerName}: HTTP method ${methodCode} is not documented`);
  const prefix = (Reflect.getMetadata(PATH_METADATA, controller) as string | undefined) ?? '';
  const rule: AccessRule = Reflect.getMetadata(ACCESS_KEY, handler) ??
    Reflect.getMetadata(ACCESS_KEY, controller) ?? { kind: 'manager' };
  const guards = [
    ...((Reflect.getMetadata(GUARDS_METADATA, controller) as Type[] | undefined) ?? []),
    ...((Reflect.getMetadata(GUARDS_METADATA, handler) as Type[] | undefined) ?? []),
  ].map((guard) => guard.name);
  const storefront = guards.includes('StorefrontIntakeGuard');
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handlerName) ?? {}) as Record<string, ArgMetadata>;
  let body: ZodType | null = null;
  let query: ZodType | null = null;
  const params: RouteParamRefusal[] = [];
  for (const [key, arg] of Object.entries(args)) {
    const type = Number(key.split(':')[0]);
    if (type === RouteParamtypes.BODY) body ??= zodSchemaOf(arg.pipes);
    if (type === RouteParamtypes.QUERY) query ??= zodSchemaOf(arg.pipes);
    if (type === RouteParamtypes.PARAM) params.push(...paramRefusals(String(arg.data ?? ''), arg.pipes));
  }
  const status =
    (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (method === 'POST' ? 201 : 200);
  return (Array.isArray(routePath) ? routePath : [routePath]).map((path) => ({
    method,
    path: joinPath(prefix, path),
    controller: controller.name,
    handler: handlerName,
    access: storefront ? 'storefront' : rule.kind,
    pages: rule.kind === 'pages' ? [...rule.pages] : [],
    guards: guards.filter((guard) => guard !== 'StorefrontIntakeGuard'),
    status,
    body,
    query,
    params: params.sort((a, b) => byText(a.name, b.name)),
  }));
}

export const routeKey = (route: Pick<RouteInfo, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** A module as Nest accepts it in `imports`: a class, a dynamic module, a promise of one, or a forward reference. */
interface DynamicModuleRef {
  readonly module: Type;
  readonly imports?: readonly ModuleRef[];
  readonly controllers?: readonly Type[];
}
type ModuleRef = Type | DynamicModuleRef | PromiseLike<unknown> | { forwardRef: () => ModuleRef };

/** Every controller of the module tree, each once, in the order Nest would register them. */
async function controllersOf(root: ModuleRef): Promise<Type[]> {
  const seen = new Set<unknown>();
  const controllers: Type[] = [];
  const visit = async (ref: ModuleRef | undefined): Promise<void> => {
    if (!ref) return;
    if ('then' in ref) return visit((await ref) as ModuleRef);
    if (typeof ref === 'object' && 'forwardRef' in ref) return visit(ref.forwardRef());
    if (seen.has(ref)) return;
    seen.add(ref);
    const moduleClass = typeof ref === 'function' ? ref : ref.module;
    const dynamic: Partial<DynamicModuleRef> = typeof ref === 'function' ? {} : ref;
    for (const controller of [
      ...((Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, moduleClass) as Type[] | undefined) ?? []),
      ...(dynamic.controllers ?? []),
    ]) {
      if (!controllers.includes(controller)) controllers.push(controller);
    }
    for (const imported of [
      ...((Reflect.getMetadata(MODULE_METADATA.IMPORTS, moduleClass) as ModuleRef[] | undefined) ?? []),
      ...(dynamic.imports ?? []),
    ])
      await visit(imported);
  };
  await visit(root);
  return controllers;
}

/**
 * Every route of the gateway, from the Nest metadata of the controllers its AppModule registers, by
 * path. Nothing starts: the module tree is built with the configuration of an embedded data folder
 * (so routes that exist only there, such as the backup endpoint, are listed) and is only read.
 * tests/docs checks the result against the routes a running gateway's router serves.
 */
export async function collectRoutes(): Promise<RouteInfo[]> {
  const config = {
    ...loadConfig({}),
    dataDir: join(tmpdir(), 'shop-docs-generator'),
    databaseUrl: undefined,
    eventStoreUrl: undefined,
  };
  // The registration only records these (as provider values); nothing is called on them here.
  const root = AppModule.register(config, {} as Infrastructure) as ModuleRef;
  const routes: RouteInfo[] = [];
  for (const controller of await controllersOf(root)) {
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      if (name !== 'constructor') routes.push(...describeHandler(controller, name));
    }
  }
  return routes.sort((a, b) => byText(a.path, b.path) || byText(a.method, b.method));
}
