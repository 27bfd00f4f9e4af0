import { useLocation, useSearch } from 'wouter';
import { HOME_HREF, paths } from '../../config/paths';
import { firebaseAuthApi, RegisterForm, returnPath, withReturnTo } from '../../features/auth';
// Deep import: the branding feature's index brings its reads into this page.
import { StudioBanner } from '../../features/branding/components/studio-banner';

export default function RegistroPage() {
  const [, navigate] = useLocation();
  // Back to the screen that asked for the sign-in, when it said which
  // (docs/architecture/web-app.md#reading-live-data).
  const next = returnPath(useSearch());
  return (
    <div className="auth-layout">
      <StudioBanner />
      <RegisterForm
        api={firebaseAuthApi}
        loginHref={withReturnTo(paths.login.getHref({}), next)}
        onRegistered={() => navigate(next ?? HOME_HREF)}
      />
    </div>
  );
}
