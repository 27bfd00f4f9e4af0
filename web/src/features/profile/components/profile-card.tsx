import { profileMessages } from '../profile-messages';
import type { LedgerEntry, User, UserClass } from '@studio/core';
import { formatDate } from '@studio/core';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { ProfileApi } from '../api/profile-api';
import { balancesByKind, CREDIT_KIND_KEYS } from '../credit-summary';
import { CreditLedger } from './credit-ledger';
import { CreditsExplained } from './credits-explained';
import { PromotionCutoff } from './promotion-cutoff';
import '../profile.css';
import { LoadingLine } from '../../../components/ui/loading-line';

export interface ProfileCardProps {
  api: ProfileApi;
  uid: string;
  now: () => number;
  /**
   * The subscription section's content, given the live profile (the app passes the plan's state
   * and its actions from the subscription feature); without it, active or not.
   */
  renderSubscription?: (user: User | null) => ReactNode;
  /** The member is looking at their own profile: their own settings ("My cut-off") show. */
  own?: boolean;
  /**
   * What follows the profile (the member's e-mail and calendar settings), shown once it has
   * loaded: below a profile still loading it would jump down when the profile answers (CLS).
   */
  children?: ReactNode;
}

const NO_ENTRIES: Record<string, LedgerEntry> = {};
const NO_CLASSES: Record<string, UserClass> = {};

/** What the live read has said so far: nothing yet, the profile, or a refusal. */
type UserRead = { state: 'loading' } | { state: 'loaded'; user: User | null } | { state: 'denied' };
const LOADING: UserRead = { state: 'loading' };

/** Up to two letters from the name; the e-mail's first letter for a member without one. */
function initials(user: User | null): string {
  const words = (user?.Name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  return letters || (user?.Email?.[0]?.toUpperCase() ?? '');
}

/** Spec `profile-user/{uid}`: name, phone, photo or initials, credits, history, subscription. */
export function ProfileCard({
  api,
  uid,
  now,
  renderSubscription,
  own,
  children,
}: ProfileCardProps) {
  const t = useT(profileMessages);
  const read = useLive<UserRead>(
    (onChange) =>
      api.watchUser(
        uid,
        (user) => onChange({ state: 'loaded', user }),
        (error) => {
          console.error('profile not readable', uid, error);
          onChange({ state: 'denied' });
        },
      ),
    LOADING,
    [api, uid],
  );
  const ledger = useLive((onChange) => api.watchLedger(uid, onChange), NO_ENTRIES, [api, uid]);
  const classes = useLive((onChange) => api.watchMyClasses(uid, onChange), NO_CLASSES, [api, uid]);

  // Until the profile answers there is nothing true to show: no empty name, no 0 credits.
  if (read.state !== 'loaded') {
    return (
      <section className="page profile" aria-labelledby="page-title">
        <h1 id="page-title">{t('profileTitle')}</h1>
        {read.state === 'loading' ? <LoadingLine /> : <p role="alert">{t('permissionDenied')}</p>}
      </section>
    );
  }
  const { user } = read;
  const balances = balancesByKind(user?.['credits-list'], now());

  return (
    <>
      <section className="page profile" aria-labelledby="page-title">
        <h1 id="page-title">{t('profileTitle')}</h1>
        <div className="profile-head">
          {user?.Img ? (
            <img src={user.Img} alt="" className="avatar-large" width={72} height={72} />
          ) : (
            <span className="avatar-large avatar-initials" aria-hidden="true">
              {initials(user)}
            </span>
          )}
          <div>
            <p className="profile-name">{user?.Name ?? ''}</p>
            {user?.Email && <p>{user.Email}</p>}
            {user?.Phone && <p>{user.Phone}</p>}
          </div>
        </div>
        <section aria-labelledby="credits-title">
          <h2 id="credits-title">{t('credits')}</h2>
          <ul className="plain-list">
            {balances.map((balance) => (
              <li key={balance.kind}>
                <strong>{t(CREDIT_KIND_KEYS[balance.kind])}:</strong> {balance.count}
                {balance.expiries.length > 0 && (
                  <>
                    {' '}
                    (
                    {[...new Set(balance.expiries.map((at) => formatDate(at)))]
                      .map((date) => t('expires', { date }))
                      .join(', ')}
                    )
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="subscription-title">
          <h2 id="subscription-title">{t('subscription')}</h2>
          {renderSubscription ? (
            renderSubscription(user)
          ) : (
            <p>{user?.activeSuscription ? t('subscriptionActive') : t('subscriptionNone')}</p>
          )}
        </section>
        <section aria-labelledby="ledger-title">
          <h2 id="ledger-title">{t('ledger')}</h2>
          <CreditLedger entries={ledger} emptyText={t('noPurchases')} />
        </section>
        <CreditsExplained ledger={ledger} user={user} classes={classes} now={now} />
        {own && <PromotionCutoff api={api} uid={uid} hours={user?.PromotionCutoffHours} />}
      </section>
      {children}
    </>
  );
}
