import { useId, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { useT } from '../../../lib/i18n';
import type { WaiverApi } from '../api/waiver-api';
import { waiverMessages } from '../waiver-messages';

export interface WaiverAlertProps {
  uid: string;
  /** `Users/{uid}/Conditions`; the alert shows while it is missing or false. */
  accepted: boolean;
  api: WaiverApi;
  onAccepted: () => void;
}

/** 'FITNESS CLASS WAIVER' with an ACCEPT button; it cannot be dismissed otherwise. */
export function WaiverAlert({ uid, accepted, api, onAccepted }: WaiverAlertProps) {
  const t = useT(waiverMessages);
  const titleId = useId();
  const textId = useId();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  if (accepted) return null;

  const accept = () => {
    setSaving(true);
    setFailed(false);
    api.acceptWaiver(uid).then(
      () => {
        setSaving(false);
        onAccepted();
      },
      (error: unknown) => {
        console.error('waiver not saved', error);
        setSaving(false);
        setFailed(true);
      },
    );
  };

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
