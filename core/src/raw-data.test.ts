import { describe, expect, it } from 'vitest';
import { asRecord, isRecord } from './raw-data';

describe('isRecord', () => {
  it('accepts plain objects only', () => {
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(null)).toBe(false);
    expect(isRecord([1, 2])).toBe(false);
    expect(isRecord('text')).toBe(false);
    expect(isRecord(undefined)).toBe(false);
  });
});

describe('asRecord', () => {
  it('gives the object itself, or an empty one for anything else', () => {
    const node = { Name: 'Ana' };
    expect(asRecord(node)).toBe(node);
    expect(asRecord(null)).toEqual({});
    expect(asRecord(['x'])).toEqual({});
    expect(asRecord(7)).toEqual({});
  });
});
