import type { MailPreferenceKind, MailPreferences, PushKind } from '@studio/core';
import type { ReactNode } from 'react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import { useSaveAtOnce } from '../../../lib/use-save-at-once';
import type { MailAddress, MemberMailApi } from '../api/member-mail-api';
import { mailSettingsMessages } from '../mail-settings-messages';
import { NOTIFICATION_GROUPS } from '../notification-topics';

export interface NotificationSettingsProps {
  api: Pick<
    MemberMailApi,
    'watchMailPreferences' | 'setMailPreference' | 'mailAddress' | 'sendVerification'
  >;
  uid: string;
  /** Coaches also get tomorrow's class list; members are not offered a switch for it. */
  coach?: boolean;
  /** The push column: the member's choice per push kind (features/push `usePushChoices`). */
  push: PushChoices;
  /** Push on this device and the member's devices (features/push `PushHere`). */
  pushHere: ReactNode;
  /** When pushes wait (features/push `QuietHours`). */
  quietHours: ReactNode;
}

/** The push column's switches, from the push feature. */
export interface PushChoices {
  wants: (kind: PushKind) => boolean;
  set: (kind: PushKind, on: boolean) => void;
  failed: boolean;
}

const NO_PREFERENCES: MailPreferences = {};

/** A cell of a channel that does not carry the topic. */
const NOT_BY_CHANNEL = (
  <span className="notify-none" aria-hidden="true">
    –
  </span>
);

/**
 * Where studio mail goes: the sign-in address once it is verified (the profile's e-mail field is
 * only what the studio shows), with the verification e-mail to send again while it is not.
 */
function MailAddressNote({ api }: { api: NotificationSettingsProps['api'] }) {
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
 * The profile's "Notifications" section: one row per thing the studio tells a member about, a
 * switch for e-mail and one for push where that channel carries it, each saved at once; what is
 * always sent by e-mail is said once under the table. Push on this device and quiet hours come
 * from the push feature.
 */
export function NotificationSettings({
  api,
  uid,
  coach = false,
  push,
  pushHere,
  quietHours,
}: NotificationSettingsProps) {
  const t = useT(mailSettingsMessages);
  const titleId = useId();
  const alwaysId = useId();
  const preferences = useLive(
    (onChange) => api.watchMailPreferences(uid, onChange),
    NO_PREFERENCES,
    [api, uid],
  );
  const saving = useSaveAtOnce();
  const save = (kind: MailPreferenceKind, on: boolean) =>
    saving.save(api.setMailPreference(uid, kind, on), 'mail preference not saved', kind);

  return (
    <section aria-labelledby={titleId} className="card ui-card profile-section notify-settings">
      <h2 id={titleId} className="profile-section-title">
        {t('notifyTitle')}
      </h2>
      <p className="profile-section-intro">{t('notifyIntro')}</p>
      <MailAddressNote api={api} />
      {pushHere}
      <table className="notify-table">
        <caption className="visually-hidden">{t('notifyTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t('notifyTopic')}</span>
            </th>
            <th scope="col">{t('channelMail')}</th>
            <th scope="col">{t('channelPush')}</th>
          </tr>
        </thead>
        {NOTIFICATION_GROUPS.map((group) => (
          <tbody key={group.title}>
            <tr>
              <th scope="colgroup" colSpan={3} className="notify-group">
                {t(group.title)}
              </th>
            </tr>
            {group.topics
              .filter((topic) => coach || !topic.coachOnly)
              .map(({ label, mail, push: pushKind }) => {
                const topic = t(label);
                return (
                  <tr key={label}>
                    <th scope="row">{topic}</th>
                    <td>
                      {mail === null ? (
                        NOT_BY_CHANNEL
                      ) : (
                        <input
                          type="checkbox"
                          role="switch"
                          className="switch"
                          aria-label={t('byMail', { topic })}
                          checked={mail === 'always' || preferences[mail] !== false}
                          disabled={mail === 'always'}
                          aria-describedby={mail === 'always' ? alwaysId : undefined}
                          onChange={(event) => {
                            if (mail !== 'always') save(mail, event.target.checked);
                          }}
                        />
                      )}
                    </td>
                    <td>
                      {pushKind === null ? (
                        NOT_BY_CHANNEL
                      ) : (
                        <input
                          type="checkbox"
                          role="switch"
                          className="switch"
                          aria-label={t('byPush', { topic })}
                          checked={push.wants(pushKind)}
                          onChange={(event) => push.set(pushKind, event.target.checked)}
                        />
                      )}
                    </td>
                  </tr>
                );
              })}
          </tbody>
        ))}
      </table>
      <p id={alwaysId} className="hint profile-section-note">
        {t('notifyAlwaysNote')}
      </p>
      {(saving.failed || push.failed) && (
        <p role="alert" className="form-error">
          {t('mailSaveFailed')}
        </p>
      )}
      {quietHours}
    </section>
  );
}
