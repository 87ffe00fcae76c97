import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The gateway serves web/dist on the API's port in production; in dev we proxy to it instead.
const gateway = 'http://127.0.0.1:3000';

/**
 * The contracts build zod schemas at module level (`z.object(...).refine(...)`), calls Rollup must
 * otherwise assume have side effects: every contract module reachable through the package's index
 * then lands in the entry chunk, and with them all of zod (sign-in 137 KB instead of 105 KB). They
 * have none, so a contract module goes only where one of its exports is used.
 */
const contractsWithoutSideEffects: Plugin = {
  name: 'contracts-without-side-effects',
  transform(_code, id) {
    return id.startsWith(fromHere('../contracts/src/')) ? { moduleSideEffects: false } : undefined;
  },
};

export default defineConfig({
  root: fromHere('.'),
  plugins: [
    react(),
    tailwindcss(),
    contractsWithoutSideEffects,
    // Issue 14: installable, and the till (its code and page) opens with no network. The service worker
    // precaches the built app; the catalogue and queued sales live in IndexedDB, not in the worker.
    VitePWA({
      registerType: 'autoUpdate',
      // An external registerSW.js: the Content-Security-Policy allows no inline script.
      injectRegister: 'script',
      includeAssets: ['icon.svg'],
      manifest: {
        name: 'Glow Beauty · Back Office',
        short_name: 'Glow Till',
        description: 'Glow Beauty back office: stock, sales and reports',
        start_url: '/sales',
        scope: '/',
        display: 'standalone',
        background_color: '#f8fafc',
        theme_color: '#db2777',
        icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        // A device opening the app for the first time is controlled at once, not from its next load:
        // every lazy chunk (a page, the toaster) then comes from the precache if the network drops.
        // (injectRegister 'script' does not turn these on by itself as 'auto' would.)
        skipWaiting: true,
        clientsClaim: true,
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/product-media\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // The till's product pictures: the last seen copy when offline.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/product-media/'),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'product-media',
              expiration: { maxEntries: 6000, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: {
      '@shop/contracts': fromHere('../contracts/src/index.ts'),
      '@': fromHere('./src'),
    },
  },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/product-media': { target: gateway, changeOrigin: false },
    },
  },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
    // dist/.vite/manifest.json: what each screen loads first (npm run bench:web reads it).
    manifest: true,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks for what every screen needs, so a change to our code does not
        // re-download them. Radix primitives and zod are left to per-route splitting: grouping them
        // made the sign-in page load every primitive and all of zod.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|react-router|react-router-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/@tanstack/')) return 'query';
          return undefined;
        },
      },
    },
  },
});
