import { paths } from '../../config/paths';
import { firebaseAuthApi, ResetPasswordForm } from '../../features/auth';

export default function ResetPasswordPage() {
  return <ResetPasswordForm api={firebaseAuthApi} loginHref={paths.login.getHref({})} />;
}
