import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { WEB_APP_ROUTE } from './web-app-route';

/** Vite names every file in assets/ after its content hash: a new build means new names, so they never go stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Paths the web app never answers: the API's and the media's own not-found answers apply. */
const NOT_THE_WEB_APP = /^\/(api\/|api$|product-media\/)/;

/** The built file a path names, relative to root, or null (none there, a dotfile, outside root). */
async function builtFile(root: string, path: string): Promise<string | null> {
  let relative: string;
  try {
    relative = decodeURIComponent(path).replace(/^\/+/, '');
  } catch {
    return null;
  }
  if (relative === '' || relative.split('/').some((segment) => segment.startsWith('.'))) return null;
  const absolute = resolve(root, relative);
  if (!absolute.startsWith(root + sep)) return null;
  const found = await stat(absolute).catch(() => null);
  return found?.isFile() ? relative : null;
}

/** Serves the built React app on the API's port; unknown non-API GETs get index.html (client routing). */
export async function serveWebApp(app: NestFastifyApplication, webDist: string): Promise<boolean> {
  const root = resolve(webDist);
  if (!existsSync(join(root, 'index.html'))) return false;
  const assets = join(root, 'assets') + sep;
  await app.register(fastifyStatic, {
    root,
    serve: false,
    index: false,
    // Ours below instead of send's `public, max-age=0`.
    cacheControl: false,
    setHeaders: (response: SetHeadersResponse, path: string) => {
      // Anything not content-hashed (and index.html, which names the current hashes) is revalidated each time.
      response.setHeader('Cache-Control', path.startsWith(assets) ? IMMUTABLE : 'no-cache');
    },
  });
  app
    .getHttpAdapter()
    .getInstance()
    .get(WEB_APP_ROUTE, async (request, reply) => {
      const path = request.url.split('?')[0]!;
      if (NOT_THE_WEB_APP.test(path)) return reply.callNotFound();
      return reply.sendFile((await builtFile(root, path)) ?? 'index.html');
    });
  return true;
}
