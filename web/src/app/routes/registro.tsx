import { useLocation, useSearch } from 'wouter';
import { HOME_HREF, paths } from '../../config/paths';
import { firebaseAuthApi, RegisterForm, returnPath, withReturnTo } from '../../features/auth';

export default function RegistroPage() {
  const [, navigate] = useLocation();
  // Back to the screen that asked for the sign-in, when it said which
  // (docs/architecture/web-app.md#reading-live-data).
  const next = returnPath(useSearch());
  return (
    <RegisterForm
      api={firebaseAuthApi}
      loginHref={withReturnTo(paths.login.getHref({}), next)}
      onRegistered={() => navigate(next ?? HOME_HREF)}
    />
  );
}
