import { afterEach, describe, expect, it } from 'vitest';
import { BRAND_STYLE_ID, BUILT_IN_LOOK, applyBranding, brandCss, brandingFrom } from './branding';

afterEach(() => {
  document.head.innerHTML = '';
});

function page(): void {
  document.head.innerHTML = `<meta name="theme-color" content="${BUILT_IN_LOOK.themeColour}"><title>${BUILT_IN_LOOK.title}</title>`;
}

const themeColour = () =>
  document.querySelector('meta[name="theme-color"]')?.getAttribute('content');

describe('applyBranding', () => {
  it("wears the studio's colour tokens, name and theme colour", () => {
    page();
    const branding = brandingFrom({ name: 'Pulso Studio', primaryColor: '#7a1fa2' });
    applyBranding(branding);
    expect(document.getElementById(BRAND_STYLE_ID)?.textContent).toBe(brandCss(branding));
    expect(document.title).toBe('Pulso Studio');
    expect(themeColour()).toBe('#7a1fa2');
  });

  it('with null, gives back the built-in title, theme colour and colours', () => {
    page();
    applyBranding(brandingFrom({ name: 'Pulso Studio', primaryColor: '#7a1fa2' }));
    applyBranding(null);
    expect(document.getElementById(BRAND_STYLE_ID)).toBeNull();
    expect(document.title).toBe('Studio');
    expect(themeColour()).toBe('#0f5e59');
  });
});
