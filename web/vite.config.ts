import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The gateway serves web/dist on the API's port in production; in dev we proxy to it instead.
const gateway = 'http://127.0.0.1:3000';

/**
 * The contracts build zod schemas at module level (`z.object(...).refine(...)`), which Rollup must
 * otherwise assume has side effects: every schema of the package then lands in the entry chunk,
 * and with it all of zod. They are pure, so a screen gets only the schemas it uses.
 */
const contractsWithoutSideEffects: Plugin = {
  name: 'contracts-without-side-effects',
  transform(_code, id) {
    return id.startsWith(fromHere('../contracts/src/')) || id.includes('/node_modules/zod/') ? { moduleSideEffects: false } : undefined;
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
      // Every `z.…(…)` chain builds a schema and nothing else, so an unused one (a contract the
      // screen does not validate with) can be dropped even from a module whose other exports it uses.
      treeshake: { preset: 'recommended', manualPureFunctions: ['z'] },
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
