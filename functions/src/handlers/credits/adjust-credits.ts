import { DomainError, adjustWallet, isDomainError, paths } from '@studio/core';
import type { AdjustCreditsInput, AuditEntry, CallableResult } from '@studio/core';
import { changeWallet, newId, notify, readSettings } from '../../engine';
import type { BookingDeps } from '../../engine';

export interface AdjustCreditsCommand extends AdjustCreditsInput {
  /** The admin making the change. */
  by: string;
}

export interface AdjustCreditsOutcome extends CallableResult<'adjustCredits'> {
  adjustId: string;
}

/**
 * `adjustCredits` (admins): adds credits (expiring after the studio's credit validity) or
 * removes usable ones, soonest-expiring first, never below zero; one ledger entry with the
 * admin's reason, and an audit entry. `balance` is the member's usable credits of that kind.
 */
export async function adjustCredits(
  deps: BookingDeps,
  { by, uid, kind, delta, reason }: AdjustCreditsCommand,
): Promise<AdjustCreditsOutcome> {
  const { db } = deps;
  const nowMs = deps.now();
  const [settings, exists] = await Promise.all([
    readSettings(db),
    db
      .ref(paths.user(uid))
      .get()
      .then((snapshot) => snapshot.exists()),
  ]);
  if (!exists) throw new DomainError('not-found', 'userNotFound', { uid });
  const adjustId = newId(db);
  const balance = await changeWallet(db, uid, nowMs, (wallet) => {
    if (!wallet.exists) return new DomainError('not-found', 'userNotFound', { uid });
    const adjusted = adjustWallet(wallet, {
      adjustId,
      kind,
      delta,
      reason,
      nowMs,
      validityDays: settings.creditValidityDays,
      by,
    });
    if (isDomainError(adjusted)) return adjusted;
    return { change: adjusted.change, result: adjusted.balance };
  });
  const audit: AuditEntry = {
    at: nowMs,
    by,
    action: 'adjustCredits',
    target: uid,
    details: { kind, delta, reason, balance },
  };
  await db.ref(paths.auditEntry(adjustId)).set(audit);
  if (delta > 0) {
    await notify(db, uid, `adjust-${adjustId}`, {
      type: 'credits-granted',
      messageKey: 'notifCreditsGranted',
      params: { count: delta },
      at: nowMs,
    });
  }
  return { balance, adjustId };
}
