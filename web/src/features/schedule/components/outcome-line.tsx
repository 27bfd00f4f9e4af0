import type { MessageParams } from '@studio/core';
import type { Messages } from '../../../lib/define-messages';
import type { TextKey } from '../../../lib/i18n';
import { useT } from '../../../lib/i18n';

/** What a member's action on a booked class came to, in the words of the feature's catalogue. */
export interface Outcome<K extends string> {
  tone: 'ok' | 'error' | 'pending';
  key: TextKey<K>;
  params?: MessageParams;
}

/** The outcome announced: a refusal at once (an alert), the rest politely (a status). */
export function OutcomeLine<K extends string>({
  outcome,
  messages,
}: {
  outcome: Outcome<K> | null;
  messages: Messages<K>;
}) {
  const t = useT(messages);
  if (!outcome) return null;
  return (
    <p role={outcome.tone === 'error' ? 'alert' : 'status'} className={`outcome-${outcome.tone}`}>
      {t(outcome.key, outcome.params)}
    </p>
  );
}
