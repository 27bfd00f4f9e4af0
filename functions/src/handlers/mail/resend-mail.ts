import { DomainError, paths, type AuditEntry, type ResendMailInput } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { newId } from '../../engine';
import { changeEntry } from './entry';

export interface ResendMailCommand extends ResendMailInput {
  /** The admin asking. */
  by: string;
}

/**
 * `resendMail` (admins): a `failed` entry goes back to `retrying`, due now, with its attempts
 * reset, and the sweep sends it (no SMTP call in a callable, decision 170). Anything else is
 * refused and nothing is written; the change is audited.
 */
export async function resendMail(
  deps: { db: Database; now: () => number },
  { by, id }: ResendMailCommand,
): Promise<{ auditId: string }> {
  const now = deps.now();
  const refusal = await changeEntry<
    DomainError | { kind: string; uid: string; lastError?: string }
  >(deps.db, id, (entry) => {
    if (entry === null) return { keep: new DomainError('not-found', 'mailNotFound', { id }) };
    if (entry.status !== 'failed') {
      return {
        keep: new DomainError('failed-precondition', 'mailNotFailed', { status: entry.status }),
      };
    }
    return {
      next: { ...entry, status: 'retrying', attempts: 0, nextAttemptAt: now, updatedAt: now },
      result: {
        kind: entry.kind,
        uid: entry.uid,
        ...(entry.lastError ? { lastError: entry.lastError } : {}),
      },
    };
  });
  if (refusal instanceof DomainError) throw refusal;
  const auditId = newId(deps.db);
  const audit: AuditEntry = {
    at: now,
    by,
    action: 'resendMail',
    target: paths.mailOutboxEntry(id),
    details: refusal,
  };
  await deps.db.ref(paths.auditEntry(auditId)).set(audit);
  return { auditId };
}
