import { authMessages } from '../auth-messages';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { useId, useState } from 'react';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { useT } from '../../../lib/i18n';
import type { AuthApi } from '../api/auth-api';
import { authErrorText } from '../auth-errors';

export interface ResetPasswordFormProps {
  api: AuthApi;
  loginHref: string;
}

export function ResetPasswordForm({ api, loginHref }: ResetPasswordFormProps) {
  const t = useT(authMessages);
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    setBusy(true);
    api.sendPasswordReset(address).then(
      () => {
        setBusy(false);
        setSentTo(address);
      },
      (error: unknown) => {
        setBusy(false);
        setFailure(authErrorText(error, t));
      },
    );
  };

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('resetTitle')}</h1>
      <form className="form" noValidate onSubmit={submit}>
        <label htmlFor={emailId}>{t('email')}</label>
        <input
          id={emailId}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          {t('sendResetEmail')}
        </button>
      </form>
      {sentTo !== null && <p role="status">{t('resetSent', { email: sentTo })}</p>}
      <p>
        <Link href={loginHref}>{t('backToLogin')}</Link>
      </p>
      {failure !== null && (
        <AlertDialog
          title={t('loginError')}
          message={failure}
          okLabel={t('ok')}
          onOk={() => setFailure(null)}
        />
      )}
    </section>
  );
}
