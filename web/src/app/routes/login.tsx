import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { HOME_HREF, paths } from '../../config/paths';
import { firebaseAuthApi, LoginForm, returnPath, withReturnTo } from '../../features/auth';
// Deep import: the branding feature's index brings its reads into this page.
import { StudioBanner } from '../../features/branding/components/studio-banner';
// Deep import: the purchases' index brings their reads (and the Database SDK) into this page.
import { useCheckoutStore } from '../../features/purchases/stores/checkout-store';
import { useRouteParams } from '../../hooks/use-route-params';

export default function LoginPage() {
  const { promocode } = useRouteParams(paths.login);
  const setPromocode = useCheckoutStore((state) => state.setPromocode);
  const [, navigate] = useLocation();
  // Back to the screen that asked for the sign-in, when it said which
  // (docs/architecture/web-app.md#reading-live-data).
  const next = returnPath(useSearch());

  // The coupon in the link is kept for checkout (`login/{promocode}`).
  useEffect(() => {
    if (promocode) setPromocode(promocode);
  }, [promocode, setPromocode]);

  return (
    <div className="auth-layout">
      <StudioBanner />
      <LoginForm
        api={firebaseAuthApi}
        promocode={promocode}
        registerHref={withReturnTo(paths.registro.getHref({}), next)}
        resetHref={paths.resetPassword.getHref({})}
        onSignedIn={() => navigate(next ?? HOME_HREF)}
      />
    </div>
  );
}
