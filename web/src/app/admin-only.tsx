import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { SignInPrompt } from '../components/ui/sign-in-prompt';
import { paths } from '../config/paths';
import { selectBranchScope, useSessionStore } from '../features/session';
import { useT } from '../lib/i18n';
import type { ShellKey } from '../lib/ui-messages';
import { adminOnlyMessages } from './admin-only-messages';
import { PageLoading } from './page-loading';

/**
 * An admin's screen (money, prices, settings): a guest is asked to sign in, anyone else (a member,
 * a coach, the front desk) is told the screen is the admins' and never loads its data; an admin of
 * one branch, that it is the whole chain's admins' (unless `branchManagers`).
 */
export function AdminOnly({
  title,
  branchManagers = false,
  children,
}: {
  title: ShellKey;
  /**
   * Whether an admin scoped to one branch (a branch manager) uses the screen too (insights,
   * payments: it reads their branch's); else it is the chain admins' alone.
   */
  branchManagers?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const at = useT(adminOnlyMessages);
  const status = useSessionStore((state) => state.status);
  const role = useSessionStore((state) => state.role);
  const scope = useSessionStore(selectBranchScope);
  if (status === 'unknown' || (status === 'signed-in' && role === null))
    return <PageLoading title={t(title)} />;
  if (status !== 'signed-in')
    return <SignInPrompt title={t(title)} loginHref={paths.login.getHref({})} />;
  if (role === 'admin' && (scope === null || branchManagers)) return children;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t(title)}</h1>
      <p role="alert">{at(role === 'admin' ? 'chainAdminsOnly' : 'adminsOnly')}</p>
      {(role === 'staff' || role === 'admin') && (
        <Link href={paths.adminToday.getHref({})} className="button">
          {t('menuToday')}
        </Link>
      )}
    </section>
  );
}
