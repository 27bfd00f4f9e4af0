import { authMessages } from '../auth-messages';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { useState } from 'react';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { useT } from '../../../lib/i18n';
import type { AuthApi } from '../api/auth-api';
import { useAuthRequest } from '../hooks/use-auth-request';
import { EmailField } from './auth-field';

export interface ResetPasswordFormProps {
  api: AuthApi;
  loginHref: string;
  /** The address a link brought (the invitation mail's "Set my password"). */
  initialEmail?: string;
}

export function ResetPasswordForm({ api, loginHref, initialEmail = '' }: ResetPasswordFormProps) {
  const t = useT(authMessages);
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, failure, run, dismiss } = useAuthRequest();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    run(
      () => api.sendPasswordReset(address),
      () => setSentTo(address),
    );
  };

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('resetTitle')}</h1>
      <form className="form" noValidate onSubmit={submit}>
        <EmailField value={email} onChange={setEmail} />
        <button type="submit" className="button" disabled={busy}>
          {t('sendResetEmail')}
        </button>
      </form>
      {sentTo !== null && <p role="status">{t('resetSent', { email: sentTo })}</p>}
      <p>
        <Link href={loginHref}>{t('backToLogin')}</Link>
      </p>
      {failure !== null && (
        <AlertDialog title={t('loginError')} message={failure} okLabel={t('ok')} onOk={dismiss} />
      )}
    </section>
  );
}
