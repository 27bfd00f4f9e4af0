import type { ScheduleKey } from '../schedule-messages';
import { scheduleMessages } from '../schedule-messages';
import type { MessageParams } from '@studio/core';
import { useId } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import type { TextKey } from '../../../lib/i18n';
import { useT } from '../../../lib/i18n';

export interface CancelDialogProps {
  /** What cancelling now means: credit back, or forfeited (core `cancellationOutcome`). */
  text: { key: TextKey<ScheduleKey>; params?: MessageParams };
  onConfirm: () => void;
  onKeep: () => void;
}

/** The consequence is shown before the member confirms. */
export function CancelDialog({ text, onConfirm, onKeep }: CancelDialogProps) {
  const t = useT(scheduleMessages);
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog role="alertdialog" labelledBy={titleId} describedBy={textId} onDismiss={onKeep}>
      <h2 id={titleId}>{t('confirmCancel')}</h2>
      <p id={textId}>{t(text.key, text.params)}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" data-autofocus onClick={onKeep}>
          {t('keepBooking')}
        </button>
        <button type="button" className="button" onClick={onConfirm}>
          {t('cancelBooking')}
        </button>
      </div>
    </Dialog>
  );
}
