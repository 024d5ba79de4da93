import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiPort = process.env.PORT ?? '3000';
const local = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const mantineStyles = fileURLToPath(new URL('../node_modules/@mantine/core/styles/', import.meta.url));

/**
 * Each Mantine component's stylesheet travels with the component: the chunk that holds a component's
 * class names (its `.module.mjs`) imports its CSS, so a screen's first load carries only the styles of
 * the components it draws. Each stylesheet is wrapped in its own cascade layer, declared
 * in Mantine's order in app/mantine.css, so the order in which chunks arrive cannot change which rule
 * wins; the app's own CSS, unlayered, comes after all of them as before.
 */
function mantineStylesWithComponents(): Plugin {
  return {
    name: 'galeno:mantine-styles-with-components',
    enforce: 'pre',
    transform(code, id) {
      const component = /@mantine[\\/]core[\\/]esm[\\/].*[\\/](\w+)\.module\.mjs$/.exec(id)?.[1];
      if (component) {
        if (!fs.existsSync(`${mantineStyles}${component}.css`)) return undefined;
        return `import "@mantine/core/styles/${component}.css";\n${code}`;
      }
      const sheet = /@mantine[\\/]core[\\/]styles[\\/]([\w-]+)\.css$/.exec(id)?.[1];
      if (sheet) return `@layer mantine-${sheet} {\n${code}\n}\n`;
      return undefined;
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // React's JSX transform, and fast refresh in the dev server.
  plugins: [react(), mantineStylesWithComponents()],
  resolve: {
    alias: [
      // Zod without its eval probe, which the Content-Security-Policy refuses (src/lib/zod-jitless.ts).
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
      // The entry exports nothing; needed to copy shared chunks into screens (below).
      preserveEntrySignatures: false,
      // Mantine's and TanStack's "use client" lines mean nothing to a browser-only build.
      onLog(level, log, handler) {
        if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
      },
      output: {
        codeSplitting: {
          // Everything the entry imports statically loads on every page anyway: one file instead of
          // twenty (fewer round trips on a first visit; one gzip stream compresses better, -9 KB).
          groups: [{ name: 'initial', tags: ['$initial'] }],
          // A shared chunk under ~30 KB of source (a Mantine component, a hook) is copied into each
          // screen that uses it instead of being a file of its own: a logged-in screen waits for ~16
          // files instead of ~52, each a round trip a phone pays for.
          experimentalInlineCommonChunks: { maxSize: 30_000 },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
});
