import type { LedgerEntry, User, UserClass } from '@studio/core';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { useT } from '../../../lib/i18n';
import { useFormat } from '../../../lib/format';
import type { CreditFate, CreditGrant, CreditOrigin, CreditShare } from '../credits-explained';
import { CREDIT_SHARES, creditShare, explainCredits, groupCredits } from '../credits-explained';
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
  imported: 'originImported',
};

const FATE_KEYS: Record<Exclude<CreditFate, 'available'>, SelfServiceKey> = {
  used: 'fateUsed',
  forfeited: 'fateForfeited',
  expired: 'fateExpired',
  removed: 'fateRemoved',
};

/** Each share's words, for one credit and for several (Spanish agrees in number). */
const SHARE_KEYS: Record<CreditShare, [one: SelfServiceKey, many: SelfServiceKey]> = {
  used: ['shareUsedOne', 'shareUsed'],
  forfeited: ['shareForfeitedOne', 'shareForfeited'],
  refunded: ['shareRefundedOne', 'shareRefunded'],
  expired: ['shareExpiredOne', 'shareExpired'],
  removed: ['shareRemovedOne', 'shareRemoved'],
  left: ['shareLeftOne', 'shareLeft'],
};

/** A small line icon per source, decoration beside the words that say it. */
const ORIGIN_ICONS: Record<CreditOrigin, string> = {
  package: 'M3 7l9-4 9 4-9 4-9-4zM3 7v10l9 4 9-4V7M12 11v10',
  subscription: 'M21 12a9 9 0 1 1-3-6.7M21 4v5h-5',
  refund: 'M9 14L4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3',
  adjustment: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  other: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  imported: 'M4 12h12M12 6l6 6-6 6M20 4v16',
};

/**
 * Where the member's credits came from and went, one card per grant (a package, a
 * subscription period, a refund, an adjustment): its date, count, expiry, what became of its
 * credits ("3 used · 1 refunded · 6 left"), and in its detail the classes they paid for. Rebuilt
 * from the ledger that explains every balance (docs/architecture/data-model.md).
 */
export function CreditsExplained({ ledger, user, classes, now }: CreditsExplainedProps) {
  const t = useT(selfServiceMessages);
  const tp = useT(profileMessages);
  const titleId = useId();
  const nowMs = now();
  const format = useFormat(now);
  const grants = groupCredits(explainCredits(ledger, user), nowMs);

  const className = (classId: string | undefined) => {
    const view = classId === undefined ? undefined : classes[classId];
    if (!view) return t('aClass');
    return t('classOn', {
      title: view.title ?? view.name ?? classId ?? '',
      date: format.day(view.date),
      hour: view.hour,
    });
  };

  const counted = (share: CreditShare, count: number) =>
    t(SHARE_KEYS[share][count === 1 ? 0 : 1], { count });

  /** What became of the credits that are not simply still there, alike lines counted once. */
  const detailLines = (grant: CreditGrant): { text: string; count: number }[] => {
    const lines = new Map<string, number>();
    for (const credit of grant.credits) {
      const share = creditShare(credit, nowMs);
      if (share === 'left') continue;
      const text =
        credit.fate === 'available'
          ? share === 'expired'
            ? t('fateExpired')
            : t('fateAvailableRefunded', { className: className(credit.classId) })
          : t(FATE_KEYS[credit.fate], { className: className(credit.classId) });
      lines.set(text, (lines.get(text) ?? 0) + 1);
    }
    return [...lines].map(([text, count]) => ({ text, count }));
  };

  const total = (grant: CreditGrant) => grant.credits.length;

  return (
    <section aria-labelledby={titleId} className="card ui-card profile-section credits-explained">
      <h2 id={titleId} className="profile-section-title">
        {t('creditsExplained')}
      </h2>
      <p className="profile-section-intro">{t('creditsExplainedIntro')}</p>
      {grants.length === 0 ? (
        <EmptyState title={t('noCreditsYet')} />
      ) : (
        <ul className="plain-list credit-grants">
          {grants.map((grant) => {
            const lines = detailLines(grant);
            const count = total(grant);
            return (
              <li key={grant.key} className="credit-grant">
                <div className="credit-grant-head">
                  <span className="credit-grant-icon" aria-hidden="true">
                    <svg
                      viewBox="0 0 24 24"
                      width="20"
                      height="20"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                      focusable="false"
                    >
                      <path d={ORIGIN_ICONS[grant.origin]} />
                    </svg>
                  </span>
                  <div className="credit-grant-what">
                    <p className="credit-grant-title">
                      <strong>{t(ORIGIN_KEYS[grant.origin])}</strong>
                      <span className="visually-hidden"> · </span>
                      <span className="credit-grant-kind">{tp(CREDIT_KIND_KEYS[grant.kind])}</span>
                    </p>
                    <p className="credit-grant-meta">
                      <span>
                        {t('grantedOn', { date: format.dayAt(grant.grantedAt) })}
                        {grant.expiresAt !== undefined && ' ·'}
                      </span>
                      {grant.expiresAt !== undefined && (
                        <>
                          {' '}
                          <span>{t('expiresOn', { date: format.dayAt(grant.expiresAt) })}</span>
                        </>
                      )}
                    </p>
                  </div>
                  <Badge
                    tone={grant.shares.left + grant.shares.refunded > 0 ? 'primary' : 'neutral'}
                  >
                    {t(count === 1 ? 'grantCreditsOne' : 'grantCreditsMany', { count })}
                  </Badge>
                </div>
                <div className="credit-grant-bar" aria-hidden="true">
                  {CREDIT_SHARES.filter((share) => grant.shares[share] > 0).map((share) => (
                    <span
                      key={share}
                      className={`credit-grant-bar-${share}`}
                      style={{ flexGrow: grant.shares[share] }}
                    />
                  ))}
                </div>
                <p className="credit-grant-shares">
                  {CREDIT_SHARES.filter((share) => share === 'left' || grant.shares[share] > 0)
                    .map((share) => counted(share, grant.shares[share]))
                    .join(' · ')}
                </p>
                {lines.length > 0 && (
                  <details className="credit-grant-details">
                    <summary>{t('grantDetails')}</summary>
                    <ul className="plain-list">
                      {lines.map((line) => (
                        <li key={line.text}>
                          {line.count > 1 && (
                            <span className="credit-grant-times">
                              {t('timesN', { count: line.count })}{' '}
                            </span>
                          )}
                          {line.text}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
