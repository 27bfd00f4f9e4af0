import type { WaiverVersion } from '@studio/core';
import { useId, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { useT } from '../../../lib/i18n';
import type { WaiverApi } from '../api/waiver-api';
import { waiverMessages } from '../waiver-messages';
import { SignatureForm } from './signature-form';

export interface WaiverAlertProps {
  uid: string;
  /** `Users/{uid}/Conditions`; the alert shows while it is missing or false. */
  accepted: boolean;
  api: WaiverApi;
  onAccepted: () => void;
  /** The account's name, offered as the full name when a written waiver is signed. */
  name?: string;
}

/**
 * 'FITNESS CLASS WAIVER' with an ACCEPT button; it cannot be dismissed otherwise. ACCEPT alone
 * consents while the studio has no written waiver; once an admin has published one, ACCEPT
 * opens it to be signed (drawn signature, full name, date), and the signature sets `Conditions`.
 */
export function WaiverAlert({ uid, accepted, api, onAccepted, name }: WaiverAlertProps) {
  const t = useT(waiverMessages);
  const titleId = useId();
  const textId = useId();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const [written, setWritten] = useState<WaiverVersion | null>(null);

  if (accepted) return null;

  const fail = (error: unknown) => {
    console.error('waiver not saved', error);
    setSaving(false);
    setFailed(true);
  };
  const accept = () => {
    setSaving(true);
    setFailed(false);
    api
      .currentWaiver()
      .then((current) => {
        if (current) {
          setSaving(false);
          setWritten(current);
          return;
        }
        return api.acceptWaiver(uid).then(() => {
          setSaving(false);
          onAccepted();
        });
      }, fail)
      .catch(fail);
  };

  if (written)
    return (
      <Dialog role="alertdialog" labelledBy={titleId} className="waiver waiver-signing">
        <SignatureForm
          waiver={written}
          titleId={titleId}
          defaultName={name}
          onSign={async (signed) => {
            await api.signWaiver(signed);
            onAccepted();
          }}
        />
      </Dialog>
    );

  return (
    <Dialog role="alertdialog" labelledBy={titleId} describedBy={textId} className="waiver">
      <h2 id={titleId}>{t('waiverTitle')}</h2>
      <p id={textId}>{t('waiverText')}</p>
      {failed && <p role="alert">{t('internalError')}</p>}
      <div className="dialog-actions">
        <button type="button" className="button" data-autofocus disabled={saving} onClick={accept}>
          {t('waiverAccept')}
        </button>
      </div>
    </Dialog>
  );
}
