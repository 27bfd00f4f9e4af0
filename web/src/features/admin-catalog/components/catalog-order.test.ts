import { describe, expect, it } from 'vitest';
import { packageSchema } from '@studio/core';
import { listItems } from './catalog-editor';

const pack = (credits: number, extra: Record<string, unknown> = {}) => ({
  kind: 'credits',
  name: `${credits} classes`,
  credits,
  price: credits * 1200,
  currency: 'USD',
  validityDays: 30,
  active: true,
  ...extra,
});

describe('a catalogue as an admin reads it', () => {
  it('lists packs by size, never as their keys sort as text', () => {
    const items = listItems(
      { 'credits-10': pack(10), 'credits-20': pack(20), 'credits-5': pack(5) },
      { schema: packageSchema },
    );
    expect(items.map((entry) => entry.id)).toEqual(['credits-5', 'credits-10', 'credits-20']);
  });

  it('puts the display order first, then names in natural order', () => {
    const items = listItems(
      {
        a: pack(10, { order: 2 }),
        b: pack(20, { order: 1 }),
        c: { name: 'Class 10' },
        d: { name: 'Class 9' },
      },
      { schema: packageSchema },
    );
    expect(items.map((entry) => entry.id)).toEqual(['b', 'a', 'd', 'c']);
  });
});
