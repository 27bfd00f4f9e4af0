import { paths, suscriptionPricesSchema } from '@studio/core';
import { readPath } from '../../../lib/realtime';

export interface SubscriptionOffer {
  /** What the member pays each month (first `SuscriptionPrices` entry). */
  discounted: number;
  /** The struck-out regular price (second entry). */
  regular: number;
}

/** The first entry is the discounted price, the second the regular one. */
export function offerFromPrices(value: unknown): SubscriptionOffer | null {
  const parsed = suscriptionPricesSchema.safeParse(value);
  if (!parsed.success) return null;
  const [discounted, regular] = parsed.data;
  if (!discounted) return null;
  return { discounted: discounted.Precio, regular: regular?.Precio ?? discounted.Precio };
}

export async function getSuscriptionPrices(): Promise<SubscriptionOffer | null> {
  return offerFromPrices(await readPath(paths.suscriptionPrices(), 'anyone'));
}
