import type { ScheduleKey } from '../schedule-messages';
import { scheduleMessages } from '../schedule-messages';
import type {
  MessageParams,
  SeatLayout,
  StudioClass,
  UserClass,
  UserWaitlistEntry,
} from '@studio/core';
import { cancellationOutcome, DEFAULT_SETTINGS, firstFreeSpot, layoutForClass } from '@studio/core';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { callableErrorText } from '../../../lib/callable-errors';
import type { TextKey } from '../../../lib/i18n';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { Catalog, ScheduleApi } from '../api/schedule-api';
import { CancelDialog } from './cancel-dialog';
import { SpotMap } from './spot-map';

export interface ClassDetailProps {
  api: ScheduleApi;
  classId: string;
  cls: StudioClass;
  catalog: Catalog | null;
  /** Signed-in member, or null for a guest. */
  uid: string | null;
  myClass: UserClass | undefined;
  waiting: UserWaitlistEntry | undefined;
  /** `Conditions`; null while the profile has not loaded (the server checks then). */
  waiverAccepted: boolean | null;
  now: () => number;
  loginHref: string;
  onWaiverNeeded: () => void;
  onClose: () => void;
}

interface Text {
  key: TextKey<ScheduleKey>;
  params?: MessageParams;
}

interface Outcome {
  tone: 'ok' | 'error';
  text: Text;
}

const NO_SPOTS: ReadonlySet<string> = new Set();

/** One class: the live spot map and what the member can do (book, cancel, wait). */
export function ClassDetail(props: ClassDetailProps) {
  const { api, classId, cls, catalog, uid, myClass, waiting } = props;
  const t = useT(scheduleMessages);
  const headingId = useId();
  const [loaded, setLoaded] = useState<{ id: string; layout: SeatLayout | null } | null>(null);
  const [picked, setChosen] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  // Undefined until the roster answers: until then no spot can be picked as if it were free.
  const takenNow = useLive<ReadonlySet<string> | undefined>(
    (onChange) => api.watchTakenSpots(classId, onChange),
    undefined,
    [api, classId],
  );
  const taken = takenNow ?? NO_SPOTS;

  useEffect(() => {
    const layoutId = cls.layout;
    if (layoutId === undefined) return undefined;
    let current = true;
    api.getLayout(layoutId).then(
      (layout) => {
        if (current) setLoaded({ id: layoutId, layout });
      },
      (error: unknown) => console.error('seat layout not loaded', error),
    );
    return () => {
      current = false;
    };
  }, [api, cls.layout]);

  const layout = loaded !== null && loaded.id === cls.layout ? loaded.layout : null;
  // A spot someone else just took is no longer a choice.
  const chosen = picked !== undefined && !taken.has(picked) ? picked : undefined;
  const room = layoutForClass(cls, layout);
  const booked = myClass?.status === 'booked';
  const seatsLeft = Math.max(0, cls.capacity - (takenNow?.size ?? cls.bookedCount));
  const cancelled = cls.status === 'cancelled';
  const started = props.now() >= cls.startsAt;
  const settings = catalog?.settings;
  const exercise = catalog?.exercises[cls.exercise];
  const coach = catalog?.coaches[cls.coach];
  const title = cls.name ?? exercise?.name ?? cls.exercise;

  const run = <R,>(call: () => Promise<R>, success: (result: R) => Text) => {
    setBusy(true);
    setOutcome(null);
    call().then(
      (result) => {
        setBusy(false);
        setChosen(undefined);
        setOutcome({ tone: 'ok', text: success(result) });
      },
      (error: unknown) => {
        setBusy(false);
        const text = callableErrorText(error);
        if (text.key === 'waiverNotAccepted') props.onWaiverNeeded();
        setOutcome({ tone: 'error', text });
      },
    );
  };

  const book = (spot: string | undefined) => {
    if (props.waiverAccepted === false) {
      props.onWaiverNeeded();
      return;
    }
    run(
      () => api.bookClass(classId, spot),
      (result) => ({
        key: 'bookedSpot',
        params: { spot: room.spots[result.spot]?.label ?? result.spot },
      }),
    );
  };

  const cancelText = (): Text => {
    const rules = settings ?? DEFAULT_SETTINGS;
    const when = cancellationOutcome(myClass ?? {}, cls.startsAt, props.now(), rules);
    return when === 'refund'
      ? { key: 'cancelRefundWarning' }
      : { key: 'cancelLateWarning', params: { hours: rules.cancellationWindowHours } };
  };

  const freeSpot = firstFreeSpot(room, taken);
  const canChoose = uid !== null && !booked && !cancelled && !started && seatsLeft > 0;

  return (
    <section className="class-detail" aria-labelledby={headingId}>
      <div className="class-detail-head">
        <h2 id={headingId}>{title}</h2>
        <button
          type="button"
          className="dialog-close"
          aria-label={t('close')}
          onClick={props.onClose}
        >
          ×
        </button>
      </div>
      <p>
        {cls.date} {cls.hour}
        {coach && <> · {t('withCoach', { coach: coach.name })}</>}
        {catalog?.branches[cls.branch] && <> · {catalog.branches[cls.branch]?.name}</>}
      </p>
      <p>
        {cancelled
          ? t('cancelled')
          : started
            ? t('classStarted')
            : seatsLeft > 0
              ? t('spotsLeft', { count: seatsLeft })
              : t('full')}
      </p>
      {booked && (
        // Named as the member's own entry stores it, before (or without) the room arriving.
        <p className="class-detail-mine">
          {t('spotYours', {
            spot: myClass.spotLabel ?? room.spots[myClass.spot]?.label ?? myClass.spot,
          })}
        </p>
      )}
      <SpotMap
        layout={room}
        taken={taken}
        mine={booked ? myClass.spot : undefined}
        chosen={chosen}
        onChoose={canChoose && takenNow ? setChosen : undefined}
      />
      <div className="class-actions">
        {uid === null && !cancelled && (
          <Link href={props.loginHref} className="button">
            {t('signInToBook')}
          </Link>
        )}
        {canChoose && chosen !== undefined && (
          <button type="button" className="button" disabled={busy} onClick={() => book(chosen)}>
            {t('bookSpot', { spot: room.spots[chosen]?.label ?? chosen })}
          </button>
        )}
        {canChoose && freeSpot !== undefined && (
          <button
            type="button"
            className={chosen === undefined ? 'button' : 'button button-secondary'}
            disabled={busy}
            onClick={() => book(undefined)}
          >
            {t('bookFirstFree')}
          </button>
        )}
        {uid !== null && booked && !started && (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => setConfirmingCancel(true)}
          >
            {t('cancelBooking')}
          </button>
        )}
        {uid !== null && !booked && !cancelled && !started && waiting && (
          <>
            <p role="status">
              {waiting.position !== undefined
                ? t('waiting', { position: waiting.position })
                : t('waitingNoPosition')}
            </p>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() =>
                run(
                  () => api.leaveWaitlist(classId),
                  () => ({ key: 'waitlistLeft' }),
                )
              }
            >
              {t('leaveWaitlist')}
            </button>
          </>
        )}
        {uid !== null && !booked && !cancelled && !started && !waiting && seatsLeft === 0 && (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() =>
              run(
                () => api.joinWaitlist(classId),
                (result) => ({ key: 'waitlistJoined', params: { position: result.position } }),
              )
            }
          >
            {t('joinWaitlist')}
          </button>
        )}
      </div>
      {outcome && (
        <p
          role={outcome.tone === 'error' ? 'alert' : 'status'}
          className={`outcome-${outcome.tone}`}
        >
          {t(outcome.text.key, outcome.text.params)}
        </p>
      )}
      {confirmingCancel && (
        <CancelDialog
          text={cancelText()}
          onConfirm={() => {
            setConfirmingCancel(false);
            run(
              () => api.cancelBooking(classId),
              (result) => ({ key: result.refunded ? 'cancelRefunded' : 'cancelLate' }),
            );
          }}
          onKeep={() => setConfirmingCancel(false)}
        />
      )}
    </section>
  );
}
