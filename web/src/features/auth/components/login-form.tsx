import { authMessages } from '../auth-messages';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { useState } from 'react';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { useT } from '../../../lib/i18n';
import type { AuthApi } from '../api/auth-api';
import { useAuthRequest } from '../hooks/use-auth-request';
import { AuthField, EmailField } from './auth-field';

export interface LoginFormProps {
  api: AuthApi;
  /** Coupon from `login/{promocode}`, kept for checkout by the caller. */
  promocode?: string;
  registerHref: string;
  resetHref: string;
  onSignedIn: () => void;
}

/** E-mail and password or Google; a failure shows 'Error al autenticarse' with OK. */
export function LoginForm({ api, promocode, registerHref, resetHref, onSignedIn }: LoginFormProps) {
  const t = useT(authMessages);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, failure, run, dismiss } = useAuthRequest();

  const attempt = (signIn: () => Promise<void>) => run(signIn, onSignedIn);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    attempt(() => api.signIn(email.trim(), password));
  };

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('signIn')}</h1>
      {promocode && <p className="note">{t('promocodeKept', { code: promocode })}</p>}
      <form className="form" noValidate onSubmit={submit}>
        <EmailField value={email} onChange={setEmail} />
        <AuthField
          label={t('password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
        />
        <button type="submit" className="button" disabled={busy}>
          {t('signIn')}
        </button>
      </form>
      <button
        type="button"
        className="button button-secondary"
        disabled={busy}
        onClick={() => attempt(api.signInWithGoogle)}
      >
        {t('signInWithGoogle')}
      </button>
      <p>
        <Link href={resetHref}>{t('forgotPassword')}</Link>
      </p>
      <p>
        <Link href={registerHref}>{t('noAccount')}</Link>
      </p>
      {failure !== null && (
        <AlertDialog title={t('loginError')} message={failure} okLabel={t('ok')} onOk={dismiss} />
      )}
    </section>
  );
}
