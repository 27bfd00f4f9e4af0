import { SignInPrompt } from '../../components/ui/sign-in-prompt';
import { paths } from '../../config/paths';
import { ClassLists, firebaseClassListsApi } from '../../features/class-lists';
import { selectBranchScope, useSessionStore } from '../../features/session';
import { PageLoading } from '../page-loading';

const systemNow = (): number => Date.now();

/** User Class Lists (the coach menu item): one day's classes, a coach's own first. */
export default function AdminListsClassPage() {
  const status = useSessionStore((state) => state.status);
  const uid = useSessionStore((state) => state.uid);
  const role = useSessionStore((state) => state.role);
  const branchScope = useSessionStore(selectBranchScope);
  if (status === 'unknown' || (status === 'signed-in' && role === null)) return <PageLoading />;
  if (status !== 'signed-in' || !uid || !role)
    return <SignInPrompt title={paths.adminListsClass.name} loginHref={paths.login.getHref({})} />;
  return (
    <ClassLists api={firebaseClassListsApi} viewer={{ uid, role, branchScope }} now={systemNow} />
  );
}
