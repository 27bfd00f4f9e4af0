import type { LedgerEntry, User, UserClass } from '@studio/core';
import { formatDate } from '@studio/core';
import { useT } from '../../../lib/i18n';
import type { CreditFate, CreditOrigin, ExplainedCredit } from '../credits-explained';
import { explainCredits } from '../credits-explained';
import { CREDIT_KIND_KEYS } from '../credit-summary';
import { profileMessages } from '../profile-messages';
import type { SelfServiceKey } from '../self-service-messages';
import { selfServiceMessages } from '../self-service-messages';

export interface CreditsExplainedProps {
  ledger: Record<string, LedgerEntry>;
  user: User | null;
  /** The member's class views (`UserClasses/{uid}`), which name the classes credits paid for. */
  classes: Record<string, UserClass>;
  now: () => number;
}

const ORIGIN_KEYS: Record<CreditOrigin, SelfServiceKey> = {
  package: 'originPackage',
  subscription: 'originSubscription',
  refund: 'originRefund',
  adjustment: 'originAdjustment',
  other: 'originOther',
};

const FATE_KEYS: Record<CreditFate, SelfServiceKey> = {
  available: 'fateAvailable',
  used: 'fateUsed',
  forfeited: 'fateForfeited',
  expired: 'fateExpired',
  removed: 'fateRemoved',
};

/**
 * Each credit's story on the profile (issue 20): its source, its expiry and where it went, from
 * the ledger that explains every balance (docs/architecture/data-model.md).
 */
export function CreditsExplained({ ledger, user, classes, now }: CreditsExplainedProps) {
  const t = useT(selfServiceMessages);
  const tp = useT(profileMessages);
  const rows = explainCredits(ledger, user);

  const className = (classId: string | undefined) => {
    const view = classId === undefined ? undefined : classes[classId];
    if (!view) return t('aClass');
    return t('classOn', {
      title: view.title ?? view.name ?? classId ?? '',
      date: view.date,
      hour: view.hour,
    });
  };

  const fate = (credit: ExplainedCredit) => {
    if (credit.fate === 'available' && credit.refunded)
      return t('fateAvailableRefunded', { className: className(credit.classId) });
    return t(FATE_KEYS[credit.fate], { className: className(credit.classId) });
  };

  const expiry = (credit: ExplainedCredit) => {
    if (credit.expiresAt === undefined) return null;
    const date = formatDate(credit.expiresAt);
    return credit.expiresAt <= now() ? t('expiredOn', { date }) : t('expiresOn', { date });
  };

  return (
    <section aria-labelledby="credits-explained-title" className="credits-explained">
      <h2 id="credits-explained-title">{t('creditsExplained')}</h2>
      {rows.length === 0 ? (
        <p>{t('noCreditsYet')}</p>
      ) : (
        <ul className="plain-list ledger">
          {rows.map((credit) => (
            <li key={credit.creditId} className="card">
              <strong>{t(ORIGIN_KEYS[credit.origin])}</strong> · {tp(CREDIT_KIND_KEYS[credit.kind])}{' '}
              · {t('grantedOn', { date: formatDate(credit.grantedAt) })}
              {expiry(credit) !== null && <> · {expiry(credit)}</>}
              <br />
              <span>{fate(credit)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
