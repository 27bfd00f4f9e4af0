import { FORCE_HASH_UPDATE } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { pwaOptions } from '../vite.config';

describe('PWA build options', () => {
  it('leaves registration to the app (30 s after start) and asks before updating', () => {
    expect(pwaOptions.injectRegister).toBe(false);
    expect(pwaOptions.registerType).toBe('prompt');
  });

  it('precaches the app shell and answers any offline navigation with it', () => {
    const patterns = pwaOptions.workbox?.globPatterns?.join(',') ?? '';
    for (const extension of ['js', 'css', 'html', 'webmanifest']) {
      expect(patterns).toContain(extension);
    }
    expect(pwaOptions.workbox?.navigateFallback).toBe('/index.html');
    expect(
      pwaOptions.workbox?.navigateFallbackDenylist?.some((deny) => deny.test('/__/auth')),
    ).toBe(true);
  });

  it("names its caches after the spec's forceHashUpdate, so raising it replaces every installed cache", () => {
    expect(FORCE_HASH_UPDATE).toBe('v1.0.3');
    expect(pwaOptions.workbox?.cacheId).toBe('studio-v1.0.3');
    expect(pwaOptions.workbox?.cleanupOutdatedCaches).toBe(true);
  });

  it('declares an installable manifest with a maskable icon', () => {
    const manifest = pwaOptions.manifest || {};
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/tabs/inicio');
    const icons = manifest.icons || [];
    expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    expect(icons.some((icon) => icon.sizes === '512x512')).toBe(true);
  });
});
