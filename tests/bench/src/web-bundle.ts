import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One screen's first load: the entry (with what index.html preloads) plus the lazy modules it renders. */
export interface WebRoute {
  readonly label: string;
  /** Manifest keys (paths under web/) of the lazily imported modules the screen renders first. */
  readonly lazy: readonly string[];
  readonly targetKb: number;
}

export interface WebRouteFigure {
  readonly route: WebRoute;
  /** Gzipped bytes of every JavaScript file the screen loads before it is shown. */
  readonly gzipBytes: number;
  /** The files, largest first, with their gzipped bytes. */
  readonly files: readonly { readonly file: string; readonly gzipBytes: number }[];
}

export const WEB_ROUTES: readonly WebRoute[] = [
  { label: 'Web: sign-in first-load JS (gzip)', lazy: [], targetKb: 120 },
  {
    label: 'Web: dashboard first-load JS (gzip)',
    lazy: ['src/app/layout/app-shell.tsx', 'src/app/routes/dashboard.tsx'],
    targetKb: 160,
  },
];

interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
}

/**
 * Reads web/dist (built with `build.manifest: true`): what index.html loads and preloads, the
 * entry's static imports, and for each lazy module its chunk and static imports, as the browser
 * fetches them. Sizes are gzip -9 of the built files; 1 KB = 1,000 bytes.
 */
export function measureWebBundle(distDir: string, routes: readonly WebRoute[] = WEB_ROUTES): WebRouteFigure[] {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run npm run build:web first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };
  const withStaticImports = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the web build manifest (renamed? update WEB_ROUTES)`);
    if (into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
  };

  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const fromHtml = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/?([^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  return routes.map((route) => {
    const files = new Set<string>(fromHtml);
    for (const [key] of entries) withStaticImports(key, files);
    for (const key of route.lazy) withStaticImports(key, files);
    const list = [...files]
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, gzipBytes: sizeOf(file) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { route, gzipBytes: list.reduce((sum, entry) => sum + entry.gzipBytes, 0), files: list };
  });
}

export const webDistDir = join(__dirname, '..', '..', '..', 'web', 'dist');
