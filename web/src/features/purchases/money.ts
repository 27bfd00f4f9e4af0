/** Cents to the member's money format ('$1,250.00'). */
export function formatMoney(cents: number, currency: string, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(cents / 100);
}

/** Route `number` of `paquetes/{number}`: 0 class credits, 1 special events, 2 training. */
export const PACKAGE_TABS = ['credits', 'spcredits', 'train-credits'] as const;
export type PackTab = (typeof PACKAGE_TABS)[number];

export function packTab(number: string | undefined): PackTab {
  const index = Number(number);
  return PACKAGE_TABS[Number.isInteger(index) ? index : 0] ?? 'credits';
}
