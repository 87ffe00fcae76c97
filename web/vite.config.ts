import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The gateway serves web/dist on the API's port in production; in dev we proxy to it instead.
const gateway = 'http://127.0.0.1:3000';

export default defineConfig({
  root: fromHere('.'),
  plugins: [react(), tailwindcss()],
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
