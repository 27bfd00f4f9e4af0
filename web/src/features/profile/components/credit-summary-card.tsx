import { profileMessages } from '../profile-messages';
import type { User } from '@studio/core';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n';
import { useFormat } from '../../../lib/format';
import { useLive } from '../../../lib/use-live';
import type { ProfileApi } from '../api/profile-api';
import { balancesByKind, CREDIT_KIND_KEYS } from '../credit-summary';
import '../profile.css';
import { LoadingLine } from '../../../components/ui/loading-line';

export interface CreditSummaryProps {
  api: ProfileApi;
  uid: string;
  now: () => number;
  buyHref: string;
}

/** Credits held by kind, live, with the way to buy more (home screen). */
export function CreditSummary({ api, uid, now, buyHref }: CreditSummaryProps) {
  const t = useT(profileMessages);
  const format = useFormat(now);
  // Undefined until the profile answers, so no "0 credits" shows to a member who has some.
  const user = useLive<User | null | undefined>(
    (onChange) => api.watchUser(uid, onChange),
    undefined,
    [api, uid],
  );
  const balances = balancesByKind(user?.['credits-list'], now()).filter(
    (balance) => balance.kind === 'regular' || balance.count > 0,
  );
  // The first credit to lapse, of any kind: members plan around it.
  const soonest = balances
    .flatMap((balance) => balance.expiries.slice(0, 1))
    .sort((a, b) => a - b)[0];
  return (
    <section aria-labelledby="credit-summary-title" className="card credit-summary">
      <h2 id="credit-summary-title">{t('credits')}</h2>
      {user === undefined ? (
        <LoadingLine />
      ) : (
        <ul className="plain-list">
          {balances.map((balance) => (
            <li key={balance.kind}>
              {t(CREDIT_KIND_KEYS[balance.kind])}: <strong>{balance.count}</strong>
            </li>
          ))}
        </ul>
      )}
      {soonest !== undefined && (
        <p className="credit-summary-expiry">{t('nextExpiry', { date: format.dayAt(soonest) })}</p>
      )}
      <p className="credit-summary-buy">
        <Link href={buyHref}>{t('menuBuyCredits')}</Link>
      </p>
    </section>
  );
}
