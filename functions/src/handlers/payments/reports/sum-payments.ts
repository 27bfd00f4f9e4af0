import {
  addDays,
  paymentRangeBounds,
  paymentSchema,
  paymentTotals,
  paths,
  type CurrencyTotals,
  type Payment,
  type SumPaymentsInput,
} from '@studio/core';
import type { Database } from 'firebase-admin/database';

/** Days per query: a month of a busy studio is a few thousand payments, a few MB at most. */
const CHUNK_DAYS = 31;

/**
 * `sumPayments` (admins, lista-pagos): the totals of every payment created in the studio-local
 * dates `from`…`to` with the status, kind and branch asked, per currency. The browser reads the list a
 * page at a time, so the range is added up here, a month per query on the `createdAt`
 * index. A stored payment the schema refuses is left out, as the list leaves it out, and counted.
 */
export async function sumPayments(
  deps: { db: Database },
  { from, to, status, kind, branch }: SumPaymentsInput,
): Promise<{ totals: CurrencyTotals[]; unreadable: number }> {
  const matching: Payment[] = [];
  let unreadable = 0;
  for (let start = from; start <= to; start = addDays(start, CHUNK_DAYS)) {
    const last = addDays(start, CHUNK_DAYS - 1) < to ? addDays(start, CHUNK_DAYS - 1) : to;
    const { startMs, endMs } = paymentRangeBounds(start, last);
    const page = await deps.db
      .ref(paths.payments())
      .orderByChild('createdAt')
      .startAt(startMs)
      .endAt(endMs)
      .get();
    page.forEach((child) => {
      const parsed = paymentSchema.safeParse(child.val());
      if (!parsed.success) {
        unreadable += 1;
        return;
      }
      if (status !== undefined && parsed.data.status !== status) return;
      if (kind !== undefined && parsed.data.kind !== kind) return;
      if (branch !== undefined && parsed.data.branch !== branch) return;
      matching.push(parsed.data);
    });
  }
  return { totals: paymentTotals(matching), unreadable };
}
