import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/http/errors';
import { parseForm, splitKey } from '../src/http/form';

describe('form decoding (Stripe bracket encoding)', () => {
  it('splits bracket keys into path segments', () => {
    expect(splitKey('line_items[0][price_data][currency]')).toEqual([
      'line_items',
      '0',
      'price_data',
      'currency',
    ]);
    expect(splitKey('expand[]')).toEqual(['expand', '']);
    expect(splitKey('plain')).toEqual(['plain']);
    expect(splitKey('broken[key')).toEqual(['broken[key']);
  });

  it('builds nested arrays and hashes from indexed keys', () => {
    const form = parseForm(
      'mode=payment&line_items[0][quantity]=2&line_items[0][price_data][product_data][name]=Pack%2010' +
        '&line_items[1][quantity]=1&metadata[uid]=u1&metadata[note]=a+b',
    );
    expect(form).toEqual({
      mode: 'payment',
      line_items: [
        { quantity: '2', price_data: { product_data: { name: 'Pack 10' } } },
        { quantity: '1' },
      ],
      metadata: { uid: 'u1', note: 'a b' },
    });
  });

  it('accepts percent-encoded brackets and appends `[]` entries in order', () => {
    expect(parseForm('expand%5B%5D=customer&expand%5B%5D=line_items')).toEqual({
      expand: ['customer', 'line_items'],
    });
  });

  it('orders array entries by index, not by arrival', () => {
    expect(parseForm('items[1]=b&items[0]=a&items[10]=c')).toEqual({ items: ['a', 'b', 'c'] });
  });

  it('keeps empty values, which Stripe reads as "unset"', () => {
    expect(parseForm('description=&metadata[uid]=')).toEqual({
      description: '',
      metadata: { uid: '' },
    });
  });

  it('keeps a __proto__ key as a plain own property', () => {
    const form = parseForm('metadata[__proto__]=x');
    const metadata = form.metadata as Record<string, unknown>;
    expect(Object.keys(metadata)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('rejects a key given both as a value and as a hash, naming the parameter', () => {
    let caught: unknown;
    try {
      parseForm('metadata=x&metadata[uid]=u1');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect((caught as ApiError).param).toBe('metadata');
    expect((caught as ApiError).status).toBe(400);
  });
});
