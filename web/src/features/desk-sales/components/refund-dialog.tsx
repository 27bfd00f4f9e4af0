import type { Payment } from '@studio/core';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { callableErrorText } from '../../../lib/callable-errors';
import type { ErrorText } from '../../../lib/callable-errors';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import type { DeskSalesApi } from '../api/desk-sales-api';
import { paymentName } from '../desk-sales';
import { deskSalesMessages } from '../desk-sales-messages';

/** A cash sale handed back, with the reason the audit log keeps. */
export function RefundDialog({
  api,
  paymentId,
  payment,
  onClose,
  onDone,
}: {
  api: DeskSalesApi;
  paymentId: string;
  payment: Payment;
  onClose: () => void;
  onDone: (taken: number) => void;
}) {
  const t = useT();
  const st = useT(deskSalesMessages);
  const format = useFormat();
  const titleId = useId();
  const textId = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorText | null>(null);
  const amount = format.money(payment.amount, payment.currency);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { taken } = await api.refundCashSale({ paymentId, reason: reason.trim() });
      onDone(taken);
    } catch (failure) {
      setError(callableErrorText(failure));
      setBusy(false);
    }
  };

  return (
    <Dialog labelledBy={titleId} describedBy={textId} onDismiss={onClose}>
      <h2 id={titleId}>{st('refundTitle', { name: paymentName(payment) })}</h2>
      <p id={textId}>{st('refundIntro', { amount })}</p>
      <form className="ui-form" onSubmit={(event) => void submit(event)}>
        <Field label={st('refundReason')} hint={st('refundReasonHint')} required>
          <input
            data-autofocus
            required
            maxLength={200}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Field>
        {error && (
          <p role="alert" className="ui-field-error">
            {t(error.key, error.params)}
          </p>
        )}
        <div className="dialog-actions">
          <Button variant="secondary" onClick={onClose}>
            {st('cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            {st('refundConfirm', { amount })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
