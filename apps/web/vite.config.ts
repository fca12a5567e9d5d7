import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Keep inline data: URIs out of the bundle: the CSP allows them for images only.
    assetsInlineLimit: 0,
    rollupOptions: {
      treeshake: {
        // @tessera/contracts defines zod schemas at module level; the browser uses only its
        // constants and types, so schema construction is treated as pure and shaken out.
        manualPureFunctions: ['z'],
      },
    },
  },
});
