import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

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
  plugins: [react(), tailwindcss(), contractsWithoutSideEffects],
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
