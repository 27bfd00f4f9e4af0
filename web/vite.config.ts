// The build: the plugins live in web/build/ (each with its tests in web/test/), the shared
// chunks are the file lists of web/build/chunks.ts (docs/architecture/performance.md).
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { brandIndexHtml, buildBranding } from './build/branding';
import { chunkGroups, isCoreSource } from './build/chunks';
import { contentSecurityPolicyInIndexHtml } from './build/csp';
import { inlineEntryCss } from './build/inline-entry-css';
import { prePaintBranding } from './build/pre-paint';
import { requireProductionConfig } from './build/production-config';
import { pwaOptionsFor } from './build/pwa';
import { guardFirstRoute, preloadRouteChunks } from './build/route-preload';
import { studioReadInIndexHtml } from './build/studio-read';
import { preloadTypefaces } from './build/typefaces';

export default defineConfig(({ mode }) => {
  const branding = buildBranding(loadEnv(mode, process.cwd(), 'VITE_STUDIO_'));
  return {
    plugins: [
      requireProductionConfig(),
      react(),
      VitePWA(pwaOptionsFor(branding)),
      prePaintBranding(),
      brandIndexHtml(branding),
      studioReadInIndexHtml(),
      inlineEntryCss(),
      preloadTypefaces(),
      preloadRouteChunks(),
      guardFirstRoute(),
      // Last: it hashes the inline scripts the plugins above wrote.
      contentSecurityPolicyInIndexHtml(),
    ],
    server: { port: 5173, strictPort: true },
    preview: { port: 4173 },
    build: {
      target: 'es2022',
      rolldownOptions: {
        output: { codeSplitting: { groups: chunkGroups() } },
        // @studio/core is pure definitions: the parts of it the app does not use can be dropped
        // even though its package.json does not say so.
        treeshake: { moduleSideEffects: (id: string) => (isCoreSource(id) ? false : undefined) },
      },
    },
  };
});
