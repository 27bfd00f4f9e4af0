import { authMessages } from '../auth-messages';
import { TIMINGS } from '@studio/core';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { useRef, useState } from 'react';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { showToast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import type { AuthApi, RegistrationProfile } from '../api/auth-api';
import { authErrorText } from '../auth-errors';
import { AuthField, EmailField } from './auth-field';

export interface RegisterFormProps {
  api: AuthApi;
  loginHref: string;
  onRegistered: () => void;
}

type Step =
  { name: 'form' } | { name: 'saving' } | { name: 'failed'; message: string } | { name: 'fatal' };

/**
 * Create the account, send the verification e-mail, then write the profile while
 * 'Agregando usuario a la base de datos' shows. Account failure: 'Error al registrarse';
 * profile failure: 'Fatal Error Code N°54893' for the webmaster.
 */
export function RegisterForm({ api, loginHref, onRegistered }: RegisterFormProps) {
  const t = useT(authMessages);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<Step>({ name: 'form' });
  const nameInput = useRef<HTMLInputElement>(null);

  const register = async () => {
    const address = email.trim();
    let uid: string;
    try {
      uid = await api.createUser(address, password);
    } catch (error) {
      setStep({ name: 'failed', message: authErrorText(error, t) });
      return;
    }
    setStep({ name: 'saving' });
    const profile: RegistrationProfile = { Name: name.trim(), Email: address };
    if (phone.trim()) profile.Phone = phone.trim();
    let verificationSent = false;
    try {
      // The verification e-mail is a courtesy; the profile is what the app needs.
      await Promise.all([
        api.sendVerification().then(
          () => {
            verificationSent = true;
          },
          (error: unknown) => console.error('verification e-mail not sent', error),
        ),
        api.writeProfile(uid, profile),
      ]);
    } catch (error) {
      console.error('profile not written', error);
      setStep({ name: 'fatal' });
      return;
    }
    // The member leaves this screen at once: the toast says where to look
    // (docs/architecture/web-app.md#spec-details-settled-here).
    if (verificationSent) {
      showToast(t('verificationSent', { email: address }), TIMINGS.modalToastMs);
    }
    onRegistered();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The provider checks e-mail and password; the name is ours to require.
    if (!name.trim()) {
      nameInput.current?.focus();
      return;
    }
    setStep({ name: 'saving' });
    void register();
  };

  const saving = step.name === 'saving';
  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('createAccount')}</h1>
      <form className="form" noValidate onSubmit={submit} aria-busy={saving}>
        <AuthField
          inputRef={nameInput}
          label={t('fullName')}
          autoComplete="name"
          required
          value={name}
          onChange={setName}
        />
        <EmailField value={email} onChange={setEmail} />
        <AuthField
          label={t('phone')}
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={setPhone}
        />
        <AuthField
          label={t('password')}
          type="password"
          autoComplete="new-password"
          required
          minLength={6}
          value={password}
          onChange={setPassword}
        />
        <button type="submit" className="button" disabled={saving}>
          {t('createAccount')}
        </button>
      </form>
      {saving && (
        <p role="status" className="loading-text">
          {t('addingUser')}
        </p>
      )}
      <p>
        <Link href={loginHref}>{t('backToLogin')}</Link>
      </p>
      {step.name === 'failed' && (
        <AlertDialog
          title={t('registerError')}
          message={step.message}
          okLabel={t('ok')}
          onOk={() => setStep({ name: 'form' })}
        />
      )}
      {step.name === 'fatal' && (
        <AlertDialog
          title={t('fatalRegisterError')}
          message={t('fatalRegisterHelp')}
          okLabel={t('ok')}
          onOk={() => setStep({ name: 'form' })}
        />
      )}
    </section>
  );
}
