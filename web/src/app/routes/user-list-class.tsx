import { SignInPrompt } from '../../components/ui/sign-in-prompt';
import { paths } from '../../config/paths';
import { ClassRoster, firebaseClassListsApi } from '../../features/class-lists';
import { useSessionStore } from '../../features/session';
import { useRouteParams } from '../../hooks/use-route-params';
import { PageLoading } from '../page-loading';

/** user-list-class/{fecha}/{hora}/{key}/{coach}/{classtype}: one class's members and waitlist. */
export default function UserListClassPage() {
  const params = useRouteParams(paths.userListClass);
  const status = useSessionStore((state) => state.status);
  const uid = useSessionStore((state) => state.uid);
  const role = useSessionStore((state) => state.role);
  if (status === 'unknown' || (status === 'signed-in' && role === null)) return <PageLoading />;
  if (status !== 'signed-in' || !uid || !role)
    return <SignInPrompt title={paths.userListClass.name} loginHref={paths.login.getHref({})} />;
  return (
    <ClassRoster
      api={firebaseClassListsApi}
      viewer={{ uid, role }}
      params={{
        fecha: params['fecha'] ?? '',
        hora: params['hora'] ?? '',
        key: params['key'] ?? '',
        coach: params['coach'] ?? '',
        classtype: params['classtype'] ?? '',
      }}
    />
  );
}
