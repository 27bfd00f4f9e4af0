// The studio a build is for (`VITE_STUDIO_NAME`, `VITE_STUDIO_COLOR`): what the manifest and
// index.html carry before the app has read `Studio` from the database. A static PWA's manifest
// is fixed at build time (docs/architecture/web-app.md#studio-branding).
import type { Plugin } from 'vite';
// By path: Vite loads the config with Node, which cannot import the workspace's TypeScript by
// package name; the config's bundler inlines a relative import.
import { isHexColour, primaryContrast, TEXT_CONTRAST } from '../../core/src/colour';

export interface BuildBranding {
  name: string;
  themeColour: string;
}

export const BUILT_IN_BRANDING: BuildBranding = { name: 'Studio', themeColour: '#0f5e59' };

export function buildBranding(env: Record<string, string | undefined>): BuildBranding {
  const name = env['VITE_STUDIO_NAME']?.trim() || BUILT_IN_BRANDING.name;
  const themeColour =
    env['VITE_STUDIO_COLOR']?.trim().toLowerCase() || BUILT_IN_BRANDING.themeColour;
  if (name.length > 60) throw new Error('VITE_STUDIO_NAME: at most 60 characters');
  if (!isHexColour(themeColour) || primaryContrast(themeColour) < TEXT_CONTRAST)
    throw new Error(
      `VITE_STUDIO_COLOR: expected #rrggbb reaching ${TEXT_CONTRAST}:1 on white, got "${themeColour}"`,
    );
  return { name, themeColour };
}

/** index.html's title, theme colour and painted header and cover name for the build's studio. */
export function brandIndexHtml({ name, themeColour }: BuildBranding): Plugin {
  const text = name.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    name: 'studio:brand-index-html',
    transformIndexHtml: (html) =>
      html
        .replace('<title>Studio</title>', `<title>${text}</title>`)
        .replace(
          `name="theme-color" content="${BUILT_IN_BRANDING.themeColour}"`,
          `name="theme-color" content="${themeColour}"`,
        )
        .replace(
          '<span class="app-title-text">Studio</span>',
          `<span class="app-title-text">${text}</span>`,
        )
        .replace(
          '<figcaption class="home-cover-name">Studio</figcaption>',
          `<figcaption class="home-cover-name">${text}</figcaption>`,
        ),
  };
}
