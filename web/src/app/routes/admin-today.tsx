import { SignInPrompt } from '../../components/ui/sign-in-prompt';
import { paths } from '../../config/paths';
import { useSessionStore } from '../../features/session';
import { TodayBoard, firebaseTodayApi } from '../../features/today';
import { useT } from '../../lib/i18n';
import { PageLoading } from '../page-loading';

const systemNow = (): number => Date.now();

/**
 * The workspace's home (admins; the front desk): today's classes, sales and alerts. Other parts
 * add their own card here as a child of the board (a `Card as="section"` from their feature).
 */
export default function AdminTodayPage() {
  const t = useT();
  const status = useSessionStore((state) => state.status);
  if (status === 'unknown') return <PageLoading />;
  if (status !== 'signed-in')
    return <SignInPrompt title={t('menuToday')} loginHref={paths.login.getHref({})} />;
  return <TodayBoard api={firebaseTodayApi} now={systemNow} />;
}
