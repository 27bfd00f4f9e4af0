import { worksTheDesk } from '@studio/core';
import { useSearch } from 'wouter';
import { SignInPrompt } from '../../components/ui/sign-in-prompt';
import { paths } from '../../config/paths';
import { PassCode } from '../../features/desk';
import { DeskSale, deskSalesMessages, firebaseDeskSalesApi } from '../../features/desk-sales';
import type { CardReturn } from '../../features/desk-sales';
import { selectBranchScope, useSessionStore } from '../../features/session';
import { STUDIO_BRANCH } from '../../config/studio';
import { useT } from '../../lib/i18n';
import { PageLoading } from '../page-loading';

const renderQr = (text: string, label: string) => <PassCode code={text} label={label} />;
const openUrl = (url: string) => window.location.assign(url);

/** The card payment made on this device that Stripe sent the desk back from (`?member&session`). */
function cardReturn(search: string): CardReturn | null {
  const params = new URLSearchParams(search);
  const member = params.get('member');
  const session = params.get('session');
  return member && session ? { member, session } : null;
}

/** /desk-sale: the front desk (and admins) sell a pack or a plan, in cash or by card. */
export default function DeskSalePage() {
  const t = useT();
  const st = useT(deskSalesMessages);
  const search = useSearch();
  const status = useSessionStore((state) => state.status);
  const role = useSessionStore((state) => state.role);
  // A branch manager's desk sells for their branch; the chain's desk for this site's.
  const branchScope = useSessionStore(selectBranchScope);
  if (status === 'unknown' || (status === 'signed-in' && role === null))
    return <PageLoading title={t('menuDeskSale')} />;
  if (status !== 'signed-in' || !role)
    return <SignInPrompt title={t('menuDeskSale')} loginHref={paths.login.getHref({})} />;
  if (!worksTheDesk(role))
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">{t('menuDeskSale')}</h1>
        <p role="alert">{st('deskOnly')}</p>
      </section>
    );
  return (
    <DeskSale
      api={firebaseDeskSalesApi}
      renderQr={renderQr}
      origin={window.location.origin}
      screenPath={paths.deskSale.getHref({})}
      thanksPath={paths.graciasCompra.getHref({})}
      openUrl={openUrl}
      returned={cardReturn(search)}
      branch={branchScope ?? STUDIO_BRANCH}
    />
  );
}
