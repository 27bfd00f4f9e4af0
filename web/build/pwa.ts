// The installed app: its manifest (named after the build's studio) and its service worker.
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { FORCE_HASH_UPDATE } from '../../core/src/settings';
import type { BuildBranding } from './branding';
import { BUILT_IN_BRANDING } from './branding';

export function pwaOptionsFor({ name, themeColour }: BuildBranding): Partial<VitePWAOptions> {
  return {
    // The app asks before it swaps to a new version (a prompt, not a silent reload), and
    // registers the worker itself 30 s after start (features/pwa), so nothing is injected.
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['pwa-64x64.png', 'apple-touch-icon-180x180.png'],
    manifest: {
      name: `${name} — fitness classes`,
      short_name: name,
      description: 'Reserve classes, buy credits and manage your fitness studio.',
      lang: 'en',
      start_url: '/tabs/inicio',
      scope: '/',
      display: 'standalone',
      theme_color: themeColour,
      background_color: '#ffffff',
      icons: [
        { src: 'pwa-64x64.png', sizes: '64x64', type: 'image/png' },
        { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
        { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
        {
          src: 'maskable-icon-512x512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
      navigateFallback: '/index.html',
      // Firebase Hosting reserves /__/ (auth handler, init.json): never answer it from the cache.
      // /calendar/ is the member's feed (the calendarFeed function), not a page of the app.
      navigateFallbackDenylist: [/^\/__\//, /^\/calendar\//],
      // forceHashUpdate names the caches: raising it gives every installed app fresh caches, the
      // old ones dropped by cleanupOutdatedCaches, even when no file changed
      // (docs/architecture/web-app.md#spec-details-settled-here).
      cacheId: `studio-${FORCE_HASH_UPDATE}`,
      cleanupOutdatedCaches: true,
      // Showing pushes and opening their screen on a tap (public/push-sw.js).
      importScripts: ['/push-sw.js'],
    },
  };
}

export const pwaOptions = pwaOptionsFor(BUILT_IN_BRANDING);
