import type { Payment } from '@studio/core';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
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
  const st = useT(deskSalesMessages);
  const format = useFormat();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorText | null>(null);
  const amount = format.money(payment.amount, payment.currency);

  const submit = async () => {
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
    <ReasonDialog
      title={st('refundTitle', { name: paymentName(payment) })}
      intro={st('refundIntro', { amount })}
      reasonLabel={st('refundReason')}
      reasonHint={st('refundReasonHint')}
      reason={reason}
      onReasonChange={setReason}
      failure={error}
      cancelLabel={st('cancel')}
      confirmLabel={st('refundConfirm', { amount })}
      confirmVariant="danger"
      busy={busy}
      onConfirm={() => void submit()}
      onClose={onClose}
    />
  );
}
