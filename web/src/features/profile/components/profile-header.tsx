import type { LedgerEntry, User } from '@studio/core';
import { roleFromAdminFlag } from '@studio/core';
import { Link } from 'wouter';
import type { BadgeTone } from '../../../components/ui/badge';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useFormat } from '../../../lib/format';
import { drawableImage } from '../../../lib/pictures/studio-image';
import { balancesByKind, CREDIT_KIND_KEYS } from '../credit-summary';
import type { ProfileKey } from '../profile-messages';
import { profileMessages } from '../profile-messages';

export interface ProfileHeaderProps {
  user: User | null;
  ledger: Record<string, LedgerEntry>;
  nowMs: number;
  /** Where "Buy Credits" leads (paquetes); without it, no link. */
  buyHref?: string;
}

/** Up to two letters from the name; the e-mail's first letter for a member without one. */
function initials(user: User | null): string {
  const words = (user?.Name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  return letters || (user?.Email?.[0]?.toUpperCase() ?? '');
}

/**
 * The first trace of the member we keep: the waiver they accepted on their first visit, or their
 * first credit; the profile stores no sign-up date.
 */
function memberSince(user: User | null, ledger: Record<string, LedgerEntry>): number | undefined {
  const times = Object.values(ledger).map((entry) => entry.at);
  if (user?.ConditionsAt !== undefined) times.push(user.ConditionsAt);
  return times.length > 0 ? Math.min(...times) : undefined;
}

/** A running plan of the catalogue (`membership`), else the monthly subscription's state. */
function planStatus(user: User | null): string {
  const membership = user?.membership;
  if (membership !== undefined && membership.status !== 'ended') return membership.status;
  return user?.['plan-state']?.status ?? (user?.activeSuscription ? 'active' : 'none');
}

function planBadge(user: User | null): { key: ProfileKey; tone: BadgeTone } {
  switch (planStatus(user)) {
    case 'active':
      return { key: 'planBadgeActive', tone: 'success' };
    case 'cancelling':
      return { key: 'planBadgeCancelling', tone: 'warning' };
    case 'past-due':
      return { key: 'planBadgePastDue', tone: 'danger' };
    default:
      return { key: 'planBadgeNone', tone: 'neutral' };
  }
}

/**
 * The profile's header card: photo or initials, name, contact, plan and role, and the credits
 * held by kind with their next expiry.
 */
export function ProfileHeader({ user, ledger, nowMs, buyHref }: ProfileHeaderProps) {
  const t = useT(profileMessages);
  const format = useFormat(() => nowMs);
  const balances = balancesByKind(user?.['credits-list'], nowMs);
  const soonest = balances
    .flatMap((balance) => balance.expiries.slice(0, 1))
    .sort((a, b) => a - b)[0];
  const since = memberSince(user, ledger);
  const plan = planBadge(user);
  // A running plan of the catalogue is named: the badge says which.
  const planName = user?.membership?.status === 'active' ? user.membership.terms.name : undefined;
  const role = roleFromAdminFlag(user?.Admin);
  const photo = drawableImage(user?.Img, 'photo');

  return (
    <div className="card ui-card profile-hero">
      <div className="profile-identity">
        {photo ? (
          <img src={photo} alt="" className="profile-avatar avatar-large" width={80} height={80} />
        ) : (
          <span className="profile-avatar avatar-initials" aria-hidden="true">
            {initials(user)}
          </span>
        )}
        <div className="profile-who">
          <p className="profile-name">{user?.Name ?? ''}</p>
          {user?.Email && <p className="profile-contact">{user.Email}</p>}
          {user?.Phone && <p className="profile-contact">{user.Phone}</p>}
          <p className="profile-badges">
            <Badge tone={plan.tone}>{planName ?? t(plan.key)}</Badge>
            {role === 'admin' && <Badge tone="primary">{t('roleAdmin')}</Badge>}
            {role === 'staff' && <Badge tone="primary">{t('roleStaff')}</Badge>}
            {role === 'coach' && <Badge tone="primary">{t('roleCoach')}</Badge>}
            <span className="profile-since">
              {since !== undefined && t('memberSince', { date: format.monthAt(since) })}
            </span>
          </p>
        </div>
      </div>
      <section aria-labelledby="credits-title" className="profile-credits">
        <h2 id="credits-title" className="profile-credits-title">
          {t('credits')}
        </h2>
        <ul className="plain-list profile-stats">
          {balances.map((balance) => (
            <li key={balance.kind} className="profile-stat">
              <span className="profile-stat-label">
                {t(CREDIT_KIND_KEYS[balance.kind])}
                <span className="visually-hidden">:</span>
              </span>{' '}
              <strong className="profile-stat-value">{balance.count}</strong>
              {balance.expiries[0] !== undefined && (
                <span className="profile-stat-expiry">
                  {' '}
                  {t('expires', { date: format.dayAt(balance.expiries[0]) })}
                </span>
              )}
            </li>
          ))}
        </ul>
        <div className="profile-credits-foot">
          <p className="profile-next-expiry">
            {soonest !== undefined && t('nextExpiry', { date: format.dayAt(soonest) })}
          </p>
          {buyHref !== undefined && (
            <Link href={buyHref} className={buttonClass({ size: 's' })}>
              {t('menuBuyCredits')}
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}

/** The header card's place and size while the profile loads, so nothing moves when it answers. */
export function ProfileHeaderSkeleton() {
  return (
    <div className="card ui-card profile-hero" aria-hidden="true">
      <div className="profile-identity">
        <Skeleton shape="circle" width="80px" height="80px" />
        <div className="profile-who">
          <Skeleton width="12em" height="1.6em" />
          <Skeleton width="15em" height="1.2em" />
          <Skeleton width="8em" height="1.4em" />
        </div>
      </div>
      <div className="profile-credits">
        <Skeleton width="5em" height="1em" />
        <div className="profile-stats">
          {[0, 1, 2].map((index) => (
            <div key={index} className="profile-stat">
              <Skeleton width="100%" height="100%" />
            </div>
          ))}
        </div>
        <div className="profile-credits-foot">
          <Skeleton width="12em" height="1.5em" />
          <Skeleton width="8em" height="var(--control-height-s)" />
        </div>
      </div>
    </div>
  );
}
