import { Button, type ButtonSize } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import type { PushApi } from '../api/push-api';
import { pushMessages, type PushMessageKey } from '../push-messages';
import type { useThisDevice } from '../use-this-device';

/**
 * "Turn push on for this device": the button, while the browser may still ask, and what the
 * browser answered (a refusal told apart from a failure). The profile and the class sheet's
 * offer both use it.
 */
export function TurnOnHere({
  api,
  here,
  label,
  size,
}: {
  api: Pick<PushApi, 'support'>;
  here: ReturnType<typeof useThisDevice>;
  label: PushMessageKey;
  size?: ButtonSize;
}) {
  const t = useT(pushMessages);
  return (
    <>
      {api.support() !== 'denied' && (
        <Button size={size} disabled={here.busy} onClick={here.turnOn}>
          {here.busy ? t('pushTurningOn') : t(label)}
        </Button>
      )}
      {here.outcome === 'denied' && (
        <p role="alert" className="form-error">
          {t('pushDenied')}
        </p>
      )}
      {here.outcome === 'failed' && (
        <p role="alert" className="form-error">
          {t('pushFailed')}
        </p>
      )}
    </>
  );
}
