import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { HOME_HREF, paths } from '../../config/paths';
import { firebaseAuthApi, LoginForm } from '../../features/auth';
import { useCheckoutStore } from '../../features/purchases';
import { useRouteParams } from '../../hooks/use-route-params';

export default function LoginPage() {
  const { promocode } = useRouteParams(paths.login);
  const setPromocode = useCheckoutStore((state) => state.setPromocode);
  const [, navigate] = useLocation();

  // The coupon in the link is kept for checkout (spec §2 `login/{promocode}`).
  useEffect(() => {
    if (promocode) setPromocode(promocode);
  }, [promocode, setPromocode]);

  return (
    <LoginForm
      api={firebaseAuthApi}
      promocode={promocode}
      registerHref={paths.registro.getHref({})}
      resetHref={paths.resetPassword.getHref({})}
      onSignedIn={() => navigate(HOME_HREF)}
    />
  );
}
