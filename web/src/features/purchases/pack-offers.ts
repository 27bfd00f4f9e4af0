/**
 * Buy Credits' packs as offers: on sale and of the shown kind, smallest first (by credits, as
 * people compare them, never by the text of a number), each with its price per class, and the
 * best value marked — the lowest price per class, when there is a choice to make.
 */
import type { Package } from '@studio/core';
import { perUnit } from '@studio/core';

export interface PackOffer {
  id: string;
  pkg: Package;
  /** Cents per credit, rounded. */
  perClass: number;
  bestValue: boolean;
}

export function packOffers(
  packages: Readonly<Record<string, Package>>,
  kind: Package['kind'],
): PackOffer[] {
  const onSale = Object.entries(packages)
    .filter(([, pkg]) => pkg.active && pkg.kind === kind)
    .sort(
      ([idA, a], [idB, b]) =>
        a.credits - b.credits || a.price - b.price || (idA < idB ? -1 : idA > idB ? 1 : 0),
    )
    .map(([id, pkg]) => ({ id, pkg, perClass: perUnit(pkg.price, pkg.credits) }));
  // A best value only where it is one: several packs, one currency, one cheapest per class.
  const currencies = new Set(onSale.map((offer) => offer.pkg.currency));
  const lowest = Math.min(...onSale.map((offer) => offer.perClass));
  const cheapest = onSale.filter((offer) => offer.perClass === lowest);
  const marked = onSale.length > 1 && currencies.size === 1 && cheapest.length === 1;
  return onSale.map((offer) => ({
    ...offer,
    bestValue: marked && offer.perClass === lowest,
  }));
}

/** The last day a pack bought today can be used ("Use by Sat 27 Feb"): `validityDays` on. */
export function usableUntil(today: string, validityDays: number): string {
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  const last = new Date(Date.UTC(year, month - 1, day + validityDays - 1));
  return last.toISOString().slice(0, 10);
}
