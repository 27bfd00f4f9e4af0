import { profileMessages } from '../profile-messages';
import type { LedgerEntry, User, UserClass } from '@studio/core';
import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { ProfileApi } from '../api/profile-api';
import { CreditLedger } from './credit-ledger';
import { CreditsExplained } from './credits-explained';
import { PersonalDetails } from './personal-details';
import { ProfilePhoto } from './profile-photo';
import { ProfileHeader, ProfileHeaderSkeleton } from './profile-header';
import { PromotionCutoff } from './promotion-cutoff';
import '../profile.css';

export interface ProfileCardProps {
  api: ProfileApi;
  uid: string;
  now: () => number;
  /**
   * The subscription section's content, given the live profile (the app passes the plan's state
   * and its actions from the subscription feature); without it, active or not.
   */
  renderSubscription?: (user: User | null) => ReactNode;
  /** The member is looking at their own profile: their own settings (details, cut-off) show. */
  own?: boolean;
  /** Where the header's "Buy Credits" leads (paquetes). */
  buyHref?: string;
  /**
   * More settings sections (language, e-mail), shown with the others once the profile has
   * loaded: below a profile still loading they would jump down when it answers (CLS).
   */
  children?: ReactNode;
  /** Sections for the first column, under the credit history (the calendar feed), likewise. */
  mainSections?: ReactNode;
}

const NO_ENTRIES: Record<string, LedgerEntry> = {};
const NO_CLASSES: Record<string, UserClass> = {};

/** What the live read has said so far: nothing yet, the profile, or a refusal. */
type UserRead = { state: 'loading' } | { state: 'loaded'; user: User | null } | { state: 'denied' };
const LOADING: UserRead = { state: 'loading' };

/** The page's shape while the profile loads: the header card and the first section, at size. */
function ProfileSkeleton() {
  const t = useT(profileMessages);
  return (
    <>
      <p role="status" className="visually-hidden">
        {t('loading')}
      </p>
      <div className="profile-layout" aria-hidden="true">
        <ProfileHeaderSkeleton />
        <div className="profile-column">
          <div className="card ui-card profile-section">
            <Skeleton width="14em" height="1.5em" />
            <Skeleton lines={3} />
          </div>
        </div>
      </div>
    </>
  );
}

/**
 * Spec `profile-user/{uid}`: a header card (photo or initials, name, contact, plan, credits),
 * where the credits came from and went, the credit history, and, on the member's own profile,
 * their settings, each section a card.
 */
export function ProfileCard({
  api,
  uid,
  now,
  renderSubscription,
  own,
  buyHref,
  children,
  mainSections,
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
        {own && <p>{t('profileLead')}</p>}
        {read.state === 'loading' ? (
          <ProfileSkeleton />
        ) : (
          <p role="alert" className="form-error">
            {t('permissionDenied')}
          </p>
        )}
      </section>
    );
  }
  const { user } = read;

  return (
    <section className="page profile" aria-labelledby="page-title">
      <h1 id="page-title">{t('profileTitle')}</h1>
      {/* Static, so index.html paints it with the heading: the page's largest text on a phone
          (docs/architecture/performance.md#member-pages-painted-by-indexhtml). */}
      {own && <p>{t('profileLead')}</p>}
      <div className="profile-layout">
        <ProfileHeader user={user} ledger={ledger} nowMs={now()} buyHref={buyHref} />
        <div className="profile-column">
          <CreditsExplained ledger={ledger} user={user} classes={classes} now={now} />
          <section aria-labelledby="ledger-title" className="card ui-card profile-section">
            <h2 id="ledger-title" className="profile-section-title">
              {t('ledger')}
            </h2>
            <CreditLedger entries={ledger} emptyText={t('noPurchases')} />
          </section>
          {mainSections}
        </div>
        <div className="profile-column">
          <section aria-labelledby="subscription-title" className="card ui-card profile-section">
            <h2 id="subscription-title" className="profile-section-title">
              {t('subscription')}
            </h2>
            {renderSubscription ? (
              renderSubscription(user)
            ) : (
              <p>{user?.activeSuscription ? t('subscriptionActive') : t('subscriptionNone')}</p>
            )}
          </section>
          {own && <ProfilePhoto api={api} uid={uid} img={user?.Img} />}
          {own && (
            <PersonalDetails
              api={api}
              uid={uid}
              name={user?.Name ?? ''}
              email={user?.Email ?? ''}
              phone={user?.Phone ?? ''}
            />
          )}
          {own && <PromotionCutoff api={api} uid={uid} hours={user?.PromotionCutoffHours} />}
          {children}
        </div>
      </div>
    </section>
  );
}
