/**
 * Sales at the front desk: cash taken for a pack, a plan or a single class (a drop-in). A cash
 * sale is a `Payments` record like a card's (`method: 'cash'`, status `paid`), so lista-pagos,
 * its totals and the insights count it; its credits come through the same grant as a card's,
 * keyed by the payment, and a refund takes them back the same way.
 */
import { DomainError } from '../errors';
import { money } from '../format/money';
import { creditKindForPackage } from '../booking/credits';
import type { Package } from '../schemas/catalog';
import type { CreditKind } from '../schemas/common';

/** The payment of a desk sale: one per request, so a repeated tap finds the first one. */
export function cashPaymentId(requestId: string): string {
  return `cash-${requestId}`;
}

/** Cash must be the price: the desk sells at the catalogue's price, no more and no less. */
export function cashAmountRefusal(
  received: number,
  item: { name: string; price: number; currency: string },
): DomainError | null {
  if (received === item.price) return null;
  return new DomainError('invalid-argument', 'cashAmountMismatch', {
    amount: money(received, item.currency, 'en'),
    name: item.name,
    price: money(item.price, item.currency, 'en'),
  });
}

/**
 * The pack a drop-in is sold as: an active single-class price whose credit books the class (its
 * kind), the lowest `order` first; null when the studio sells none.
 */
export function dropInPackage(
  packages: Readonly<Record<string, Package>>,
  creditKind: CreditKind,
): { packageId: string; pack: Package } | null {
  const found = Object.entries(packages)
    .filter(
      ([, pack]) =>
        pack.active && pack.kind === 'single' && creditKindForPackage(pack.kind) === creditKind,
    )
    .sort(
      ([idA, a], [idB, b]) =>
        (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER) ||
        (idA < idB ? -1 : 1),
    )[0];
  return found ? { packageId: found[0], pack: found[1] } : null;
}
