import type { UserWatch } from '@studio/core';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { callableErrorText } from '../../../lib/callable-errors';
import '../push.css';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { PushApi } from '../api/push-api';
import { pushMessages, type PushMessageKey } from '../push-messages';
import { useThisDevice } from '../use-this-device';
import { TurnOnHere } from './turn-on-here';

/** What the class sheet tells the push part about the member and the class. */
export interface ClassPushState {
  classId: string;
  /** Signed in, the class ahead, the member neither booked nor holding a seat. */
  open: boolean;
  /** Full: the member may wait or watch. */
  canWatch: boolean;
  /** The member is on the class's waiting list. */
  waiting: boolean;
}

export interface ClassPushProps extends ClassPushState {
  api: PushApi;
  uid: string;
}

const NO_WATCHES: Record<string, UserWatch> = {};

/**
 * The class sheet's push part: on a full class, "Tell me when a spot opens" (watching: no credit
 * held, nothing booked) or the watch and a way to stop it; on the waiting list or while
 * watching, the offer to get a push on this device when push is off here.
 */
export function ClassPush({ api, uid, classId, open, canWatch, waiting }: ClassPushProps) {
  const t = useT(pushMessages);
  const introId = useId();
  const watches = useLive((onChange) => api.watchMyWatches(uid, onChange), NO_WATCHES, [api, uid]);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<
    { tone: 'ok'; key: PushMessageKey; ahead?: number } | { tone: 'error'; text: string } | null
  >(null);
  const watched = Object.hasOwn(watches, classId);
  const showWatch = open && !waiting && (canWatch || watched);
  if (!showWatch && !(open && waiting)) return null;

  const change = (step: () => Promise<{ ahead?: number }>, key: PushMessageKey) => {
    setBusy(true);
    setShown(null);
    step().then(
      (result) => {
        setBusy(false);
        setShown({ tone: 'ok', key, ...(result.ahead ? { ahead: result.ahead } : {}) });
      },
      (error: unknown) => {
        setBusy(false);
        const text = callableErrorText(error);
        setShown({ tone: 'error', text: t(text.key, text.params) });
      },
    );
  };

  return (
    <div className="class-push">
      {showWatch && !watched && (
        <>
          <Button
            variant="secondary"
            disabled={busy}
            aria-describedby={introId}
            onClick={() => change(() => api.watchClass(classId), 'watchOn')}
          >
            {t('watchStart')}
          </Button>
          <p id={introId} className="action-consequence">
            {t('watchIntro')}
          </p>
        </>
      )}
      {showWatch && watched && (
        <>
          <p role="status">
            {shown?.tone === 'ok' && shown.ahead !== undefined
              ? t('watchAhead', { ahead: shown.ahead })
              : t('watchOn')}
          </p>
          <Button
            variant="ghost"
            size="s"
            disabled={busy}
            onClick={() =>
              change(async () => {
                await api.unwatchClass(classId);
                return {};
              }, 'watchStopped')
            }
          >
            {t('watchStop')}
          </Button>
        </>
      )}
      {shown?.tone === 'ok' && shown.key === 'watchStopped' && !watched && (
        <p role="status">{t('watchStopped')}</p>
      )}
      {shown?.tone === 'error' && (
        <p role="alert" className="outcome-error">
          {shown.text}
        </p>
      )}
      {(waiting || watched) && (
        <PushOffer api={api} text={waiting ? 'offerWaitlist' : 'offerWatch'} />
      )}
    </div>
  );
}

/** "Get a push when a spot opens": shown only while push is off on this device and can be on. */
function PushOffer({
  api,
  text,
}: {
  api: Pick<PushApi, 'support' | 'thisDevice' | 'turnOn'>;
  text: PushMessageKey;
}) {
  const t = useT(pushMessages);
  const here = useThisDevice(api);
  const support = api.support();
  if (here.outcome === 'on') return <p role="status">{t('offerDone')}</p>;
  if (here.endpoint !== null || support === 'unsupported' || support === 'denied') return null;
  return (
    <div className="push-offer">
      <p>{t(text)}</p>
      <TurnOnHere api={api} here={here} label="offerTurnOn" size="s" />
    </div>
  );
}
