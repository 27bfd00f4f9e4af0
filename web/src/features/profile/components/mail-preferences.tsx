import { MAIL_PREFERENCE_KINDS, type MailPreferenceKind, type MailPreferences } from '@studio/core';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { MailAddress, MemberMailApi } from '../api/member-mail-api';
import {
  ALWAYS_SENT_LABELS,
  MAIL_KIND_LABELS,
  mailSettingsMessages,
} from '../mail-settings-messages';

export interface MailPreferencesSectionProps {
  api: Pick<
    MemberMailApi,
    'watchMailPreferences' | 'setMailPreference' | 'mailAddress' | 'sendVerification'
  >;
  uid: string;
  /** Coaches also get tomorrow's class list; members are not offered a switch for it. */
  coach?: boolean;
}

const NO_PREFERENCES: MailPreferences = {};

/**
 * Where studio mail goes: the sign-in address once it is verified (the profile's e-mail field is
 * only what the studio shows), with the verification e-mail to send again while it is not.
 */
function MailAddressNote({ api }: { api: MailPreferencesSectionProps['api'] }) {
  const t = useT(mailSettingsMessages);
  const [address, setAddress] = useState<MailAddress | null>(null);
  const [sent, setSent] = useState<'no' | 'sending' | 'sent' | 'failed'>('no');
  useEffect(() => {
    let live = true;
    api
      .mailAddress()
      .then((found) => live && setAddress(found))
      .catch((error: unknown) => console.error('mail address not read', error));
    return () => {
      live = false;
    };
  }, [api]);
  if (address === null) return null;
  if (address.verified)
    return (
      <p className="profile-section-intro">{t('mailAddressVerified', { email: address.email })}</p>
    );
  const send = () => {
    setSent('sending');
    api.sendVerification().then(
      () => setSent('sent'),
      (error: unknown) => {
        console.error('verification e-mail not sent', error);
        setSent('failed');
      },
    );
  };
  return (
    <div className="mail-address-unverified">
      <p className="profile-section-intro">
        {t('mailAddressUnverified', { email: address.email })}
      </p>
      <Button variant="ghost" size="s" disabled={sent === 'sending'} onClick={send}>
        {t('mailSendVerification')}
      </Button>
      {sent === 'sent' && (
        <p role="status" className="hint">
          {t('mailVerificationSent', { email: address.email })}
        </p>
      )}
      {sent === 'failed' && (
        <p role="alert" className="form-error">
          {t('mailVerificationFailed')}
        </p>
      )}
    </div>
  );
}

/**
 * The profile's "E-mail" section (issue 19): one switch per kind of mail the member may turn off,
 * saved at once on their own profile; receipts and the studio's class cancellations are shown
 * on and cannot be turned off.
 */
export function MailPreferencesSection({ api, uid, coach = false }: MailPreferencesSectionProps) {
  const t = useT(mailSettingsMessages);
  const titleId = useId();
  const alwaysId = useId();
  const preferences = useLive(
    (onChange) => api.watchMailPreferences(uid, onChange),
    NO_PREFERENCES,
    [api, uid],
  );
  const [failed, setFailed] = useState(false);
  const kinds = MAIL_PREFERENCE_KINDS.filter((kind) => coach || kind !== 'coach-class-list');

  const save = (kind: MailPreferenceKind, on: boolean) => {
    setFailed(false);
    api.setMailPreference(uid, kind, on).catch((error: unknown) => {
      console.error('mail preference not saved', kind, error);
      setFailed(true);
    });
  };

  return (
    <section aria-labelledby={titleId} className="card ui-card profile-section mail-preferences">
      <h2 id={titleId} className="profile-section-title">
        {t('mailTitle')}
      </h2>
      <p className="profile-section-intro">{t('mailIntro')}</p>
      <MailAddressNote api={api} />
      <ul className="plain-list switch-list">
        {kinds.map((kind) => (
          <li key={kind}>
            <label className="switch-row">
              <span>{t(MAIL_KIND_LABELS[kind])}</span>
              <input
                type="checkbox"
                role="switch"
                className="switch"
                checked={preferences[kind] !== false}
                onChange={(event) => save(kind, event.target.checked)}
              />
            </label>
          </li>
        ))}
        {ALWAYS_SENT_LABELS.map((key) => (
          <li key={key}>
            <label className="switch-row">
              <span>{t(key)}</span>
              <input
                type="checkbox"
                role="switch"
                className="switch"
                checked
                disabled
                aria-describedby={alwaysId}
              />
            </label>
          </li>
        ))}
      </ul>
      <p id={alwaysId} className="hint profile-section-note">
        {t('mailAlwaysOn')}: {ALWAYS_SENT_LABELS.map((key) => t(key)).join(', ')}
      </p>
      {failed && (
        <p role="alert" className="form-error">
          {t('mailSaveFailed')}
        </p>
      )}
    </section>
  );
}
