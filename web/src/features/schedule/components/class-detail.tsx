import type { ScheduleKey } from '../schedule-messages';
import { scheduleMessages } from '../schedule-messages';
import type {
  MessageParams,
  SeatLayout,
  StudioClass,
  UserClass,
  UserWaitlistEntry,
} from '@studio/core';
import {
  cancellationOutcome,
  DEFAULT_SETTINGS,
  firstFreeSpot,
  formatDate,
  formatHour,
  guestLimit,
  layoutForClass,
} from '@studio/core';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { callableErrorText } from '../../../lib/callable-errors';
import type { TextKey } from '../../../lib/i18n';
import { useLangStore, useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { Catalog, ScheduleApi } from '../api/schedule-api';
import { useOptimisticBooking } from '../hooks/use-optimistic-booking';
import { CancelDialog } from './cancel-dialog';
import { ChangeSpot } from './change-spot';
import { CoachCard } from './coach-card';
import { BringFriend, GuestSeatList, heldGuests } from './guest-seats';
import { weekdayName } from './schedule-days';
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
const HOUR_MS = 60 * 60 * 1000;

/**
 * One class as a sheet over the schedule: the live spot map on top, when and where, the coach,
 * and one primary action (book, join the waiting list or cancel) with what it costs stated
 * beside it. Booking shows the seat held at once and settles when the server answers. The
 * cancel confirmation opens inside the sheet, so it layers above it.
 */
export function ClassDetail(props: ClassDetailProps) {
  const { api, classId, cls, catalog, uid, myClass, waiting } = props;
  const t = useT(scheduleMessages);
  const lang = useLangStore((state) => state.lang);
  const consequenceId = useId();
  const [loaded, setLoaded] = useState<{ id: string; layout: SeatLayout | null } | null>(null);
  const [picked, setChosen] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const booking = useOptimisticBooking(classId);
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

  // Once the member's own entry shows the booking, it alone says what is true: a cancel made
  // elsewhere (another tab, the studio) must not leave the server's old answer showing 'booked'.
  // (The confirmation message stays; only the answer's say on 'booked' ends.)
  const ownEntryBooked = myClass?.status === 'booked';
  const answered = booking.state.phase === 'confirmed';
  const [entryCaughtUp, setEntryCaughtUp] = useState(false);
  if (entryCaughtUp !== (answered && (entryCaughtUp || ownEntryBooked))) {
    setEntryCaughtUp(answered && (entryCaughtUp || ownEntryBooked));
  }

  const layout = loaded !== null && loaded.id === cls.layout ? loaded.layout : null;
  const room = layoutForClass(cls, layout);
  const held = booking.state.phase === 'held' ? booking.state.spot : undefined;
  const holding = booking.state.phase === 'held';
  // The server's answer counts as booked until the member's own entry arrives.
  const confirmedSpot =
    booking.state.phase === 'confirmed' && !entryCaughtUp ? booking.state.spot : undefined;
  const booked = myClass?.status === 'booked' || confirmedSpot !== undefined;
  const mySpot = myClass?.status === 'booked' ? myClass.spot : confirmedSpot;
  // A spot someone else just took is no longer a choice.
  const chosen = picked !== undefined && !taken.has(picked) ? picked : undefined;
  const heldExtra = held !== undefined && !taken.has(held) ? 1 : 0;
  const seatsLeft = Math.max(0, cls.capacity - (takenNow?.size ?? cls.bookedCount) - heldExtra);
  const cancelled = cls.status === 'cancelled';
  const started = props.now() >= cls.startsAt;
  const rules = catalog?.settings ?? DEFAULT_SETTINGS;
  const exercise = catalog?.exercises[cls.exercise];
  const coach = catalog?.coaches[cls.coach];
  const branch = catalog?.branches[cls.branch];
  const title = cls.name ?? exercise?.name ?? cls.exercise;
  const spotLabel = (spot: string) => room.spots[spot]?.label ?? spot;

  const run = <R,>(call: () => Promise<R>, success: (result: R) => Text) => {
    booking.reset();
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
    setOutcome(null);
    setChosen(undefined);
    booking.book(
      () =>
        api.bookClass(classId, spot).catch((error: unknown) => {
          if (callableErrorText(error).key === 'waiverNotAccepted') props.onWaiverNeeded();
          throw error;
        }),
      spot ?? firstFreeSpot(room, taken),
    );
  };

  const cancelText = (): Text => {
    const when = cancellationOutcome(myClass ?? {}, cls.startsAt, props.now(), rules);
    return when === 'refund'
      ? { key: 'cancelRefundWarning' }
      : { key: 'cancelLateWarning', params: { hours: rules.cancellationWindowHours } };
  };

  const bookConsequence = (): Text => {
    const deadline = cls.startsAt - rules.cancellationWindowHours * HOUR_MS;
    if (props.now() >= deadline) {
      return { key: 'bookLateConsequence', params: { hours: rules.cancellationWindowHours } };
    }
    const date = formatDate(deadline);
    return {
      key: 'bookConsequence',
      params: { when: `${weekdayName(date, lang, 'long')} ${date} ${formatHour(deadline)}` },
    };
  };

  const freeSpot = firstFreeSpot(room, taken);
  const open = uid !== null && !cancelled && !started;
  const canChoose = open && !booked && !holding && seatsLeft > 0;
  const canWait = open && !booked && !holding && !waiting && seatsLeft === 0;
  const consequence: Text | null = canChoose
    ? bookConsequence()
    : canWait
      ? { key: 'waitlistConsequence' }
      : open && booked && !holding
        ? cancelText()
        : null;
  const describedBy = consequence ? consequenceId : undefined;

  const status = cancelled
    ? t('cancelled')
    : started
      ? t('classStarted')
      : seatsLeft > 0
        ? t('spotsLeft', { count: seatsLeft })
        : t('full');

  const settled = (): Outcome | { tone: 'pending'; text: Text } | null => {
    const state = booking.state;
    if (state.phase === 'held') {
      return {
        tone: 'pending',
        text:
          state.spot === undefined
            ? { key: 'holdingAnySpot' }
            : { key: 'holdingSpot', params: { spot: spotLabel(state.spot) } },
      };
    }
    if (state.phase === 'confirmed') {
      return { tone: 'ok', text: { key: 'bookedSpot', params: { spot: spotLabel(state.spot) } } };
    }
    if (state.phase === 'rolled-back')
      return { tone: 'error', text: callableErrorText(state.error) };
    return outcome;
  };
  const shown = settled();
  // A started or cancelled class the member has nothing to do with shows no action bar.
  const hasActions =
    (uid === null && !cancelled) ||
    canChoose ||
    canWait ||
    (open && (booked || !!waiting)) ||
    shown !== null;

  return (
    <BottomSheet
      open
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={title}
    >
      <div className="class-detail">
        <div className="class-detail-body">
          <SpotMap
            layout={room}
            taken={taken}
            mine={booked ? mySpot : undefined}
            held={held}
            chosen={chosen}
            onChoose={canChoose && takenNow ? setChosen : undefined}
          />
          <p className="class-detail-when">
            {weekdayName(cls.date, lang, 'long')} {cls.date} {cls.hour} ·{' '}
            {t('minutes', { count: cls.duration })}
            {branch && <> · {branch.name}</>}
            {layout && <> · {layout.name}</>}
          </p>
          <p className="class-detail-status">{status}</p>
          {booked && mySpot !== undefined && (
            // Named as the member's own entry stores it, before (or without) the room arriving.
            <p className="class-detail-mine">
              {t('spotYours', {
                spot:
                  myClass?.status === 'booked' && myClass.spotLabel !== undefined
                    ? myClass.spotLabel
                    : spotLabel(mySpot),
              })}
            </p>
          )}
          {open && booked && !holding && mySpot !== undefined && takenNow && (
            <ChangeSpot api={api} classId={classId} room={room} taken={taken} mine={mySpot} />
          )}
          {open && booked && !holding && mySpot !== undefined && takenNow && api.bookGuest && (
            <BringFriend
              api={{ bookGuest: api.bookGuest }}
              classId={classId}
              room={room}
              hasSpotMap={cls.layout !== undefined}
              taken={taken}
              mine={mySpot}
              seatsAllowed={guestLimit(cls, rules) - heldGuests(myClass?.guests).length}
            />
          )}
          {myClass?.guests && (
            <GuestSeatList
              api={api}
              classId={classId}
              guests={myClass.guests}
              cancellable={open}
              startsAt={cls.startsAt}
              rules={rules}
              now={props.now}
            />
          )}
          {coach && <CoachCard coachId={cls.coach} coach={coach} />}
        </div>
        {hasActions && (
          <div className="class-detail-actions">
            <div className="class-actions">
              {uid === null && !cancelled && (
                <Link href={props.loginHref} className="button">
                  {t('signInToBook')}
                </Link>
              )}
              {canChoose && chosen !== undefined && (
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  aria-describedby={describedBy}
                  onClick={() => book(chosen)}
                >
                  {t('bookSpot', { spot: spotLabel(chosen) })}
                </button>
              )}
              {canChoose && freeSpot !== undefined && (
                <button
                  type="button"
                  className={chosen === undefined ? 'button' : 'button button-secondary'}
                  disabled={busy}
                  aria-describedby={describedBy}
                  onClick={() => book(undefined)}
                >
                  {t('bookFirstFree')}
                </button>
              )}
              {open && booked && !holding && (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy}
                  aria-describedby={describedBy}
                  onClick={() => setConfirmingCancel(true)}
                >
                  {t('cancelBooking')}
                </button>
              )}
              {open && !booked && !holding && waiting && (
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
              {canWait && (
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  aria-describedby={describedBy}
                  onClick={() =>
                    run(
                      () => api.joinWaitlist(classId),
                      (result) => ({
                        key: 'waitlistJoined',
                        params: { position: result.position },
                      }),
                    )
                  }
                >
                  {t('joinWaitlist')}
                </button>
              )}
            </div>
            {consequence && (
              <p id={consequenceId} className="action-consequence">
                {t(consequence.key, consequence.params)}
              </p>
            )}
            {shown && (
              <p
                role={shown.tone === 'error' ? 'alert' : 'status'}
                className={`outcome-${shown.tone}`}
              >
                {t(shown.text.key, shown.text.params)}
              </p>
            )}
          </div>
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
      </div>
    </BottomSheet>
  );
}
