import type { FormEvent } from 'react';
import { useState } from 'react';
import { MAX_GUESTS_PER_MEMBER, settingsFromStored } from '@studio/core';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { callableErrorText } from '../../../lib/callable-errors';
import type { ErrorText } from '../../../lib/callable-errors';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { GuestSettingsApi } from '../api/guest-settings-api';
import { guestSettingsMessages } from '../guest-settings-messages';

function Form({
  api,
  initial,
}: {
  api: GuestSettingsApi;
  initial: { enabled: boolean; perMember: number };
}) {
  const t = useT(guestSettingsMessages);
  const [enabled, setEnabled] = useState(initial.enabled);
  const [perMember, setPerMember] = useState(String(initial.perMember));
  const [invalid, setInvalid] = useState(false);
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const count = Number(perMember);
    if (!/^\d+$/.test(perMember.trim()) || count > MAX_GUESTS_PER_MEMBER) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setBusy(true);
    setFailure(null);
    setSaved(false);
    api.saveSettings({ guestBookingsEnabled: enabled, guestsPerMember: count }).then(
      () => {
        setBusy(false);
        setSaved(true);
      },
      (error: unknown) => {
        setBusy(false);
        setFailure(callableErrorText(error));
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="ui-form studio-form-section">
      <label className="ui-check">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(event) => {
            setSaved(false);
            setEnabled(event.target.checked);
          }}
        />{' '}
        {t('guestBookingsEnabled')}
      </label>
      <Field
        label={t('guestsPerMember')}
        hint={t('guestsPerMemberHint')}
        error={invalid ? t('guestsPerMemberInvalid') : undefined}
      >
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_GUESTS_PER_MEMBER}
          value={perMember}
          disabled={!enabled}
          onChange={(event) => {
            setSaved(false);
            setPerMember(event.target.value);
          }}
        />
      </Field>
      {failure && <p role="alert">{t(failure.key, failure.params)}</p>}
      {saved && <p role="status">{t('guestSettingsSaved')}</p>}
      <div>
        <Button type="submit" busy={busy}>
          {t('saveGuestSettings')}
        </Button>
      </div>
    </form>
  );
}

/**
 * admin-studio's guest seats ("bring a friend"): turn them on or off for the studio and
 * set how many guests a member may bring to a class, saved (and audited) by saveCatalogItem.
 */
export function GuestSettings({ api }: { api: GuestSettingsApi }) {
  const t = useT(guestSettingsMessages);
  const stored = useLive<unknown>((onChange) => api.watchSettings(onChange), undefined, [api]);
  const settings = stored === undefined ? undefined : settingsFromStored(stored);
  return (
    <Card as="section" title={t('guestSeatsTitle')} className="studio-form-card">
      <p className="ui-muted">{t('guestSeatsIntro')}</p>
      {settings && (
        // Mounted once the stored node has arrived, so the inputs start from what is saved.
        <Form
          api={api}
          initial={{
            enabled: settings.guestBookingsEnabled,
            perMember: settings.guestsPerMember,
          }}
        />
      )}
    </Card>
  );
}
