import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type Express } from 'express';

/** Serves the built React app on the API's port; unknown non-API GETs get index.html (client routing). */
export function serveWebApp(server: Express, webDist: string): boolean {
  const root = resolve(webDist);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return false;
  server.use(express.static(root, { index: false, maxAge: '1h' }));
  server.get(/^\/(?!api\/|api$|product-media\/).*/, (_request, response) => {
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(index);
  });
  return true;
}
