import type { ErrorText } from '../../lib/callable-errors';
import { useT } from '../../lib/i18n';

/** Why a call was refused, in words, announced at once; nothing when there is no refusal. */
export function FailureText({ failure }: { failure: ErrorText | null }) {
  const t = useT();
  if (!failure) return null;
  return (
    <p role="alert" className="form-error">
      {t(failure.key, failure.params)}
    </p>
  );
}
