import { describe, expect, it } from 'vitest';
import {
  brandPalette,
  contrastRatio,
  DARK_SURFACE,
  isHexColour,
  LIGHT_SURFACE,
  mixColours,
  onColour,
  TEXT_CONTRAST,
} from './colour';

describe('colour', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#0f5e59', '#ffffff')).toBeGreaterThan(7);
    expect(contrastRatio('#123456', '#123456')).toBe(1);
  });

  it('accepts only #rrggbb', () => {
    expect(isHexColour('#0F5e59')).toBe(true);
    expect(isHexColour('#fff')).toBe(false);
    expect(isHexColour('0f5e59')).toBe(false);
    expect(isHexColour('#0f5e5g')).toBe(false);
  });

  it('mixes colours channel by channel', () => {
    expect(mixColours('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColours('#102030', '#102030', 0.3)).toBe('#102030');
  });

  it('puts white text on dark fills and black text on light ones', () => {
    expect(onColour('#0f5e59')).toBe('#ffffff');
    expect(onColour('#ffd700')).toBe('#000000');
  });

  it.each(['#0f5e59', '#7a1fa2', '#c2185b', '#1a237e', '#ffd700', '#000000', '#767676'])(
    'derives tokens from %s that read on both themes',
    (hex) => {
      const { light, dark } = brandPalette(hex);
      expect(contrastRatio(light.primary, LIGHT_SURFACE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(light.onPrimary, light.primary)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(dark.primary, DARK_SURFACE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(dark.onPrimary, dark.primary)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      for (const tokens of [light, dark]) {
        expect(contrastRatio(tokens.onPrimary, tokens.hover)).toBeGreaterThanOrEqual(
          contrastRatio(tokens.onPrimary, tokens.primary),
        );
        expect(contrastRatio(tokens.primary, tokens.soft)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
      expect(light.onPrimary).toBe('#ffffff');
    },
  );

  it('keeps a colour that already reads on white as it is', () => {
    expect(brandPalette('#7a1fa2').light.primary).toBe('#7a1fa2');
  });
});
