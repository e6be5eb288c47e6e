// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import contentReload from './src/integrations/content-reload.mjs';
import keystaticInDev from './src/integrations/keystatic-dev.mjs';

const site = process.env.SITE_URL || 'http://localhost:3000';

// Marketing pages are prerendered (no JavaScript unless a page has an island); the staff area and the
// 404 page render on request. server/ runs the HTTP server and hands those requests to Astro's
// handler (middleware mode), after the static files, the lead posts and the request guards.
export default defineConfig({
  site,
  // ASTRO_OUT_DIR: build somewhere else (e.g. to compare two builds); the server reads the same variable.
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'never' },
  adapter: node({ mode: 'middleware', staticHeaders: true }),
  integrations: [
    // Islands are rendered as @astrojs/react renders them by default, through React's web stream, which gets
    // each island's identifierPrefix (its `useId` ids unique on the page and the same as the browser makes when
    // it hydrates). Not `experimentalDisableStreaming`: @astrojs/react 7.0.0 leaves that prefix out when it
    // renders to a string (docs/performance.md, "Islands").
    react(),
    // The content editor at /keystatic, under `astro dev` only (src/integrations/keystatic-dev.mjs).
    keystaticInDev(),
    // Under `astro dev`, a saved content file shows at once (src/integrations/content-reload.mjs).
    contentReload(),
    {
      // client:interaction (src/directives/interaction.ts): hydrate an island when the visitor first uses it.
      name: 'postcraft:client-interaction',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({ name: 'interaction', entrypoint: './src/directives/interaction.ts' });
        },
      },
    },
  ],
  // No Markdown code highlighting: the content has no code (its bodies are sections, paragraphs and lists:
  // docs/content.md), and Astro's default, Shiki, writes inline styles that the CSP refuses. The API page's
  // samples are highlighted at build into classes (src/components/sections/product/api/highlight.ts).
  markdown: { syntaxHighlight: false },
  prefetch: false,
  devToolbar: { enabled: false },
  // The server checks the origin of every POST itself (server/request-guards.ts), before Astro.
  security: {
    checkOrigin: false,
    csp: {
      algorithm: 'SHA-256',
      // Style attributes (sizes and positions set by the dialog, tab and accordion primitives) are allowed
      // (style-src-attr). <style> elements and style sheets stay limited to 'self' and the hashes Astro
      // computes: with no style-src resource of the default kind, Astro writes its own `style-src 'self'
      // <hashes>` (listing 'self' here beside an attribute resource only draws a build warning).
      styleDirective: { resources: [{ resource: "'unsafe-inline'", kind: 'attribute' }] },
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "media-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ],
    },
  },
  vite: {
    plugins: [tailwindcss()],
    // `astro dev` scans src/**/*.tsx for the browser's dependencies and would pre-bundle resvg (a native
    // addon, used by src/lib/open-graph.tsx on the server only): that fails, and every island (and the
    // editor at /keystatic) then waits for dependencies that never come.
    optimizeDeps: { exclude: ['@resvg/resvg-js'] },
    // PGlite ships WASM and data files: keep it (and pg, pino) out of the bundle, so nothing of it is served.
    ssr: { external: ['@electric-sql/pglite', 'pg', 'pino', '@node-rs/argon2'] },
  },
});
