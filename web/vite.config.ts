import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiPort = process.env.PORT ?? '3000';
const local = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * Mantine's ScrollArea (used by every Modal) takes one small hook from @floating-ui/react, which made
 * every screen with a dialog download all of floating-ui. Points that import at src/lib/merge-refs.ts;
 * fails the build if Mantine changes the line, so the saving cannot vanish unnoticed.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const from = 'import { useMergeRefs } from "@floating-ui/react";';
  return {
    name: 'galeno:scroll-area-without-floating-ui',
    enforce: 'pre',
    transform(code, id) {
      if (!/@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(id)) return undefined;
      if (!code.includes(from)) this.error(`ScrollArea.mjs no longer has: ${from} (update web/vite.config.ts)`);
      return code.replace(from, `import { useMergeRefs } from ${JSON.stringify(local('./src/lib/merge-refs.ts'))};`);
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), scrollAreaWithoutFloatingUi()],
  resolve: {
    // Zod without its eval probe, which the Content-Security-Policy refuses (src/lib/zod-jitless.ts).
    alias: [
      { find: /^zod$/, replacement: local('./src/lib/zod-jitless.ts') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: !!process.env.SOURCEMAP,
    // The bundle-size check reads which chunks each screen loads.
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Every browser the app supports has modulepreload: the polyfill is dead weight in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically loads on every page anyway: one file instead of
          // twenty (fewer round trips on a first visit; one gzip stream compresses better, -9 KB).
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
});
