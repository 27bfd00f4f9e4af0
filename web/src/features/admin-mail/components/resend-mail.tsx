import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { ErrorText } from '../../../lib/callable-errors';
import { callableErrorText } from '../../../lib/callable-errors';
import { useT } from '../../../lib/i18n';
import type { AdminMailApi } from '../api/admin-mail-api';
import { mailMessages } from '../mail-messages';

type Outcome = { kind: 'done' } | { kind: 'error'; error: ErrorText };

/** 'Resend' on a failed entry: `resendMail` sets it back to retrying; the row follows live. */
export function ResendMail({ api, id }: { api: AdminMailApi; id: string }) {
  const t = useT(mailMessages);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const resend = (): void => {
    setBusy(true);
    setOutcome(null);
    api.resendMail({ id }).then(
      () => {
        setBusy(false);
        setOutcome({ kind: 'done' });
      },
      (failure: unknown) => {
        setBusy(false);
        setOutcome({ kind: 'error', error: callableErrorText(failure) });
      },
    );
  };

  return (
    <span className="resend-mail">
      <Button
        variant="secondary"
        size="s"
        disabled={busy}
        aria-label={t('resendOf', { id })}
        onClick={resend}
      >
        {t('resend')}
      </Button>
      {outcome?.kind === 'done' && <span role="status">{t('resent')}</span>}
      {outcome?.kind === 'error' && (
        <span role="alert">{t(outcome.error.key, outcome.error.params)}</span>
      )}
    </span>
  );
}
