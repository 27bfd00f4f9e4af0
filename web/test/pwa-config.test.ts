import { FORCE_HASH_UPDATE } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { brandIndexHtml, buildBranding } from '../build/branding';
import { pwaOptions, pwaOptionsFor } from '../build/pwa';
import indexHtml from '../index.html?raw';

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

  it("names the manifest and index.html after the build's studio, when one is set", () => {
    expect(pwaOptions.manifest && pwaOptions.manifest.short_name).toBe('Studio');
    const branding = buildBranding({
      VITE_STUDIO_NAME: 'Ritmo & Co',
      VITE_STUDIO_COLOR: '#5B2A86',
    });
    const manifest = pwaOptionsFor(branding).manifest || {};
    expect(manifest.short_name).toBe('Ritmo & Co');
    expect(manifest.theme_color).toBe('#5b2a86');
    const transform = brandIndexHtml(branding).transformIndexHtml as (html: string) => string;
    const html = transform(indexHtml);
    expect(html).toContain('<title>Ritmo &#38; Co</title>');
    expect(html).toContain('name="theme-color" content="#5b2a86"');
    expect(html).toContain('<span class="app-title-text">Ritmo &#38; Co</span>');
  });

  it('refuses a build colour too light to read on white', () => {
    expect(() => buildBranding({ VITE_STUDIO_COLOR: '#ffe082' })).toThrow(/VITE_STUDIO_COLOR/);
    expect(() => buildBranding({ VITE_STUDIO_COLOR: 'teal' })).toThrow(/VITE_STUDIO_COLOR/);
  });
});
