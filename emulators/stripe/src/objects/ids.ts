import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomText(length: number): string {
  const bytes = randomBytes(length);
  let text = '';
  for (const byte of bytes) text += ALPHABET[byte % ALPHABET.length];
  return text;
}

/** Object ids with Stripe's prefixes (`cus_…`, `cs_test_…`, `pi_…`). */
export type IdPrefix =
  | 'cus'
  | 'cs_test'
  | 'li'
  | 'prod'
  | 'price'
  | 'sub'
  | 'si'
  | 'in'
  | 'il'
  | 'inpay'
  | 'pi'
  | 'pm'
  | 'ch'
  | 're'
  | 'du'
  | 'evt'
  | 'req'
  | 'we'
  | 'bps'
  | 'bpc';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomText(prefix === 'cs_test' ? 58 : 24)}`;
}

/** A client secret in Stripe's `<id>_secret_<random>` form. */
export function clientSecret(id: string): string {
  return `${id}_secret_${randomText(25)}`;
}

/** Unix seconds, the unit of every Stripe timestamp. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
