import type { CSSProperties, ReactNode } from 'react';
import type { ScheduleKey } from '../schedule-messages';
import { scheduleMessages } from '../schedule-messages';
import type {
  MessageParams,
  PayWith,
  SeatLayout,
  StudioClass,
  UserClass,
  UserWaitlistEntry,
} from '@studio/core';
import { DEFAULT_SETTINGS, firstFreeSpot, guestLimit, layoutForClass } from '@studio/core';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { Badge } from '../../../components/ui/badge';
import type { BadgeTone } from '../../../components/ui/badge';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { buttonClass } from '../../../components/ui/button';
import { callableErrorText } from '../../../lib/callable-errors';
import { useFormat } from '../../../lib/format';
import type { Format } from '../../../lib/format';
import type { TextKey, Translate } from '../../../lib/i18n';
import { useT } from '../../../lib/i18n';
import { drawableImage } from '../../../lib/pictures/studio-image';
import { useLive } from '../../../lib/use-live';
import type { Catalog, PaymentFacts, ScheduleApi } from '../api/schedule-api';
import type { Consequence, SheetStatus } from '../class-sheet-state';
import { classSheetState } from '../class-sheet-state';
import { useOptimisticBooking } from '../hooks/use-optimistic-booking';
import { AddToCalendar } from './add-to-calendar';
import { CancelDialog } from './cancel-dialog';
import { ChangeSpot } from './change-spot';
import { CoachCard } from './coach-card';
import { Picture } from '../../../components/ui/picture';
import { BringFriend, GuestSeatList, heldGuests } from './guest-seats';
import { PaymentLine, paidByPlan } from './payment-line';
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
  /** The app's host, the right-hand side of a calendar event's UID. */
  host?: string;
  /** The push part (watching a full class, the offer on the waiting list), given by the app. */
  renderPush?: (state: ClassPushSlot) => ReactNode;
}

/** What the push part of the sheet is told (see `renderPush`). */
export interface ClassPushSlot {
  classId: string;
  /** Signed in, the class ahead, the member neither booked nor holding a seat. */
  open: boolean;
  /** Full: the member may wait or watch. */
  canWatch: boolean;
  /** On the class's waiting list. */
  waiting: boolean;
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

const STATUS_TONES: Record<SheetStatus['kind'], BadgeTone> = {
  cancelled: 'danger',
  'in-progress': 'primary',
  ended: 'neutral',
  'spots-left': 'success',
  full: 'warning',
};

function statusText(status: SheetStatus, t: Translate<ScheduleKey>): string {
  switch (status.kind) {
    case 'cancelled':
      return t('cancelled');
    case 'in-progress':
      return t('classUnderWay');
    case 'ended':
      return t('classEnded');
    case 'full':
      return t('full');
    case 'spots-left':
      return t('spotsLeft', { count: status.count });
  }
}

/** `byPlan`: the booking would be paid by the member's plan (no credit to get back). */
function consequenceText(consequence: Consequence, format: Format, byPlan = false): Text {
  switch (consequence.kind) {
    case 'book':
      return {
        key: byPlan ? 'bookByPlanConsequence' : 'bookConsequence',
        params: { when: format.momentInText(consequence.refundUntil) },
      };
    case 'book-late':
      return {
        key: byPlan ? 'bookByPlanLateConsequence' : 'bookLateConsequence',
        params: { hours: consequence.hours },
      };
    case 'waitlist':
      return { key: 'waitlistConsequence' };
    case 'cancel-refund':
      return { key: 'cancelRefundWarning' };
    case 'cancel-late':
      return { key: 'cancelLateWarning', params: { hours: consequence.hours } };
  }
}

/** A maps search for the branch's address: opens the phone's maps app, or the web. */
function directionsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** The room of a class: its layout once read, or the numbered spots of its capacity. */
function useRoom(api: ScheduleApi, cls: StudioClass) {
  const [loaded, setLoaded] = useState<{ id: string; layout: SeatLayout | null } | null>(null);
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
  return { layout, room: layoutForClass(cls, layout) };
}

/**
 * One class as a sheet over the schedule (two columns from 1024 px): when, where and with whom
 * beside the room with its live spots; then one primary action with what it costs written under
 * it. Once booked, "Add to calendar" and "Directions" lead and cancelling is a secondary action
 * with the policy line whole. What it shows is `classSheetState`'s answer.
 */
export function ClassDetail(props: ClassDetailProps) {
  const { api, classId, cls, catalog, uid, myClass, waiting } = props;
  const t = useT(scheduleMessages);
  const format = useFormat(props.now);
  const consequenceId = useId();
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [payWith, setPayWith] = useState<PayWith | undefined>(undefined);
  // The member's plan and credits, to show how the booking would be paid before confirming.
  const facts = useLive<PaymentFacts | null>(
    uid !== null && api.watchPaymentFacts
      ? (onChange) => api.watchPaymentFacts?.(uid, onChange) ?? (() => undefined)
      : null,
    null,
    [api, uid],
  );
  const booking = useOptimisticBooking(classId, myClass?.status === 'booked');
  // Undefined until the roster answers: until then no spot can be picked as if it were free.
  const takenNow = useLive<ReadonlySet<string> | undefined>(
    (onChange) => api.watchTakenSpots(classId, onChange),
    undefined,
    [api, classId],
  );
  const taken = takenNow ?? NO_SPOTS;
  const { layout, room } = useRoom(api, cls);
  const rules = catalog?.settings ?? DEFAULT_SETTINGS;
  const firstFree = firstFreeSpot(room, taken);
  const state = classSheetState({
    cls,
    now: props.now(),
    signedIn: uid !== null,
    ...(myClass ? { myClass } : {}),
    ...(waiting ? { waiting } : {}),
    booking: booking.state,
    taken: takenNow,
    ...(picked !== undefined ? { picked } : {}),
    ...(firstFree !== undefined ? { firstFree } : {}),
    rules,
  });

  const exercise = catalog?.exercises[cls.exercise];
  const picture = drawableImage(exercise?.img, 'studio');
  const coach = catalog?.coaches[cls.coach];
  const branch = catalog?.branches[cls.branch];
  const title = cls.name ?? exercise?.name ?? cls.exercise;
  const spotLabel = (spot: string) =>
    (Object.hasOwn(room.spots, spot) ? room.spots[spot]?.label : undefined) ?? spot;
  const friends = new Set(heldGuests(myClass?.guests).map(([, guest]) => guest.spot));
  const endsAt = cls.startsAt + cls.duration * 60_000;

  const run = <R,>(call: () => Promise<R>, success: (result: R) => Text) => {
    booking.reset();
    setBusy(true);
    setOutcome(null);
    call().then(
      (result) => {
        setBusy(false);
        setPicked(undefined);
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
    setPicked(undefined);
    booking.book(
      () =>
        api.bookClass(classId, spot, payWith).catch((error: unknown) => {
          if (callableErrorText(error).key === 'waiverNotAccepted') props.onWaiverNeeded();
          throw error;
        }),
      spot ?? firstFree,
    );
  };

  const byPlan =
    facts !== null &&
    paidByPlan({ facts, cls, timeZone: rules.timeZone, now: props.now(), payWith });
  const consequence = state.consequence ? consequenceText(state.consequence, format, byPlan) : null;
  const describedBy = consequence ? consequenceId : undefined;

  const shown: Outcome | { tone: 'pending'; text: Text } | null =
    booking.state.phase === 'held'
      ? {
          tone: 'pending',
          text:
            booking.state.spot === undefined
              ? { key: 'holdingAnySpot' }
              : { key: 'holdingSpot', params: { spot: spotLabel(booking.state.spot) } },
        }
      : booking.state.phase === 'confirmed'
        ? {
            tone: 'ok',
            text: { key: 'bookedSpot', params: { spot: spotLabel(booking.state.spot) } },
          }
        : booking.state.phase === 'rolled-back'
          ? { tone: 'error', text: callableErrorText(booking.state.error) }
          : outcome;

  const hasActions =
    state.signInToBook ||
    state.canBookFirstFree ||
    state.canWait ||
    state.canLeaveWaitlist ||
    state.canCancel ||
    shown !== null;
  const mySpotLabel =
    state.mySpot === undefined
      ? undefined
      : myClass?.status === 'booked' && myClass.spotLabel !== undefined
        ? myClass.spotLabel
        : spotLabel(state.mySpot);

  return (
    <BottomSheet
      open
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={title}
      width="wide"
    >
      <div className="class-detail">
        {picture && (
          <div
            className="class-detail-picture"
            style={
              exercise?.color ? ({ '--class-colour': exercise.color } as CSSProperties) : undefined
            }
          >
            <Picture
              src={picture}
              alt=""
              sizes="(min-width: 768px) 640px, 100vw"
              width={640}
              height={427}
            />
          </div>
        )}
        <div className="class-detail-facts">
          <p className="class-detail-when">
            <strong>
              {format.day(cls.date)} · {cls.hour}–{format.time(endsAt)}
            </strong>
            <span className="class-detail-sub">
              {t('minutes', { count: cls.duration })}
              {branch && <> · {branch.name}</>}
              {layout && <> · {layout.name}</>}
            </span>
          </p>
          <p className="class-detail-status">
            <Badge tone={STATUS_TONES[state.status.kind]}>{statusText(state.status, t)}</Badge>
          </p>
          {state.booked && mySpotLabel !== undefined && (
            <div className="class-detail-mine">
              <span className="class-detail-mine-label">{t('yourSpot')}</span>
              <strong className="class-detail-mine-spot">{mySpotLabel}</strong>
              <span className="visually-hidden">{t('spotYours', { spot: mySpotLabel })}</span>
            </div>
          )}
          {state.showTripActions && (
            <div className="class-detail-trip">
              {myClass?.status === 'booked' && api.getClass && (
                <AddToCalendar
                  api={{ getClass: api.getClass, loadCatalog: api.loadCatalog }}
                  entry={myClass}
                  now={props.now}
                  host={props.host ?? window.location.host}
                  className={buttonClass({ variant: 'primary' })}
                />
              )}
              {branch?.address && (
                <a
                  className={buttonClass({ variant: 'secondary', size: 'm' })}
                  href={directionsHref(branch.address)}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={t('directionsTo', { place: branch.name })}
                >
                  {t('directions')}
                </a>
              )}
            </div>
          )}
        </div>
        <div className="class-detail-room">
          <SpotMap
            layout={room}
            taken={taken}
            {...(state.booked && state.mySpot !== undefined ? { mine: state.mySpot } : {})}
            friends={friends}
            {...(state.held !== undefined ? { held: state.held } : {})}
            {...(state.chosen !== undefined ? { chosen: state.chosen } : {})}
            {...(state.mapChoosable ? { onChoose: setPicked } : {})}
          />
          {state.canManageSeat && state.mySpot !== undefined && (
            <div className="class-detail-seat-actions">
              <ChangeSpot
                api={api}
                classId={classId}
                room={room}
                taken={taken}
                mine={state.mySpot}
              />
              {api.bookGuest && (
                <BringFriend
                  api={{ bookGuest: api.bookGuest }}
                  classId={classId}
                  room={room}
                  hasSpotMap={cls.layout !== undefined}
                  taken={taken}
                  mine={state.mySpot}
                  seatsAllowed={guestLimit(cls, rules) - heldGuests(myClass?.guests).length}
                />
              )}
            </div>
          )}
          {myClass?.guests && (
            <GuestSeatList
              api={api}
              classId={classId}
              guests={myClass.guests}
              cancellable={state.open}
              startsAt={cls.startsAt}
              rules={rules}
              now={props.now}
            />
          )}
        </div>
        {coach && (
          <div className="class-detail-coach">
            <CoachCard coachId={cls.coach} coach={coach} />
          </div>
        )}
        {hasActions && (
          <div className="class-detail-actions">
            <div className="class-actions">
              {state.signInToBook && (
                <Link href={props.loginHref} className="button">
                  {t('signInToBook')}
                </Link>
              )}
              {state.canBookChosen && state.chosen !== undefined && (
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  aria-describedby={describedBy}
                  onClick={() => book(state.chosen)}
                >
                  {t('bookSpot', { spot: spotLabel(state.chosen) })}
                </button>
              )}
              {state.canBookFirstFree && (
                <button
                  type="button"
                  className={state.chosen === undefined ? 'button' : 'button button-secondary'}
                  disabled={busy}
                  aria-describedby={describedBy}
                  onClick={() => book(undefined)}
                >
                  {t('bookFirstFree')}
                </button>
              )}
              {state.canLeaveWaitlist && waiting && (
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
              {state.canWait && (
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
              {state.canCancel && (
                <button
                  type="button"
                  className="button button-ghost class-detail-cancel"
                  disabled={busy}
                  aria-describedby={describedBy}
                  onClick={() => setConfirmingCancel(true)}
                >
                  {t('cancelBooking')}
                </button>
              )}
            </div>
            {consequence && (
              <p id={consequenceId} className="action-consequence">
                {t(consequence.key, consequence.params)}
              </p>
            )}
            {facts !== null && (state.canBookFirstFree || state.canBookChosen) && (
              <PaymentLine
                facts={facts}
                cls={cls}
                timeZone={rules.timeZone}
                now={props.now()}
                currency={rules.currency}
                payWith={payWith}
                onPayWith={setPayWith}
                endFreeze={api.endFreeze}
              />
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
        {uid !== null &&
          props.renderPush?.({
            classId,
            open: state.open && !state.booked && !state.holding,
            canWatch: state.canWait,
            waiting: state.canLeaveWaitlist,
          })}
        {confirmingCancel && state.consequence && (
          <CancelDialog
            text={consequenceText(state.consequence, format)}
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
