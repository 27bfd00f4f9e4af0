import { useSearch } from 'wouter';
import { paths } from '../../config/paths';
import { firebaseAuthApi, ResetPasswordForm } from '../../features/auth';

export default function ResetPasswordPage() {
  const email = new URLSearchParams(useSearch()).get('email') ?? '';
  return (
    <ResetPasswordForm
      api={firebaseAuthApi}
      loginHref={paths.login.getHref({})}
      initialEmail={email}
    />
  );
}
