import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The gateway serves web/dist on the API's port in production; in dev we proxy to it instead.
const gateway = 'http://127.0.0.1:3000';

export default defineConfig({
  root: fromHere('.'),
  plugins: [
    react(),
    tailwindcss(),
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
    rollupOptions: {
      output: {
        // Long-lived vendor chunks so a change to our code does not re-download the libraries.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|react-router|react-router-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/@radix-ui/') || id.includes('node_modules/radix-ui/')) return 'radix';
          if (id.includes('node_modules/zod/')) return 'zod';
          if (id.includes('node_modules/@tanstack/')) return 'query';
          return undefined;
        },
      },
    },
  },
});
