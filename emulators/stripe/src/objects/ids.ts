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
  | 'bpc'
  | 'sub_sched'
  | 'ii';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomText(prefix === 'cs_test' ? 58 : 24)}`;
}

/** A client secret in Stripe's `<id>_secret_<random>` form. */
export function clientSecret(id: string): string {
  return `${id}_secret_${randomText(25)}`;
}

/**
 * How far the sandbox's clock is ahead of the machine's, in ms (`POST /_sandbox/clock`): what a
 * simulation that runs days in minutes sets, as Stripe's test clocks let a test move billing
 * time. One clock per process: every sandbox in it shares it.
 */
let clockOffsetMs = 0;

export function setClockOffset(ms: number): void {
  clockOffsetMs = ms;
}

export function clockOffset(): number {
  return clockOffsetMs;
}

/** Unix seconds on the sandbox's clock, the unit of every Stripe timestamp. */
export function nowSeconds(): number {
  return Math.floor((Date.now() + clockOffsetMs) / 1000);
}

/**
 * Unix seconds on the machine's clock: a webhook signature's timestamp, which the receiver
 * checks against its own clock (five minutes' tolerance), whatever time billing is at.
 */
export function realNowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
