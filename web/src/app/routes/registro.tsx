import { useLocation } from 'wouter';
import { HOME_HREF, paths } from '../../config/paths';
import { firebaseAuthApi, RegisterForm } from '../../features/auth';

export default function RegistroPage() {
  const [, navigate] = useLocation();
  return (
    <RegisterForm
      api={firebaseAuthApi}
      loginHref={paths.login.getHref({})}
      onRegistered={() => navigate(HOME_HREF)}
    />
  );
}
