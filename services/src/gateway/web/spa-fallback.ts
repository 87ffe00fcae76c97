import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import express, { type Express } from 'express';

/** Vite names every file in assets/ after its content hash: a new build means new names, so they never go stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves the built React app on the API's port; unknown non-API GETs get index.html (client routing). */
export function serveWebApp(server: Express, webDist: string): boolean {
  const root = resolve(webDist);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return false;
  const assets = join(root, 'assets') + sep;
  server.use(
    express.static(root, {
      index: false,
      setHeaders: (response, path) => {
        // Anything not content-hashed (and index.html, which names the current hashes) is revalidated each time.
        response.setHeader('Cache-Control', path.startsWith(assets) ? IMMUTABLE : 'no-cache');
      },
    }),
  );
  server.get(/^\/(?!api\/|api$|product-media\/).*/, (_request, response) => {
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(index);
  });
  return true;
}
