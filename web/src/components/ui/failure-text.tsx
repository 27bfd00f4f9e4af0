import type { ErrorText } from '../../lib/callable-errors';
import { useT } from '../../lib/i18n';

/**
 * Why a call was refused, in words, announced at once; nothing when there is no refusal. A boxed
 * line under a form (`form-error`), or a plain line among a dialog's fields (`ui-field-error`).
 */
export function FailureText({
  failure,
  className = 'form-error',
}: {
  failure: ErrorText | null;
  className?: 'form-error' | 'ui-field-error';
}) {
  const t = useT();
  if (!failure) return null;
  return (
    <p role="alert" className={className}>
      {t(failure.key, failure.params)}
    </p>
  );
}
