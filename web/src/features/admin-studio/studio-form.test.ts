import { contrastRatio } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { COLOUR_CHOICES } from './studio-form';

describe('the colour swatches', () => {
  it.each(COLOUR_CHOICES.map(([name, hex]) => [name, hex]))(
    '%s (%s) reads on white, as the server requires',
    (_, hex) => {
      expect(contrastRatio(hex, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );
});
