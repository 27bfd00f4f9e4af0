import type { SeatLayout, Settings, UserClass, UserClassStatus } from '@studio/core';
import { guestNameSchema } from '@studio/core';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { callableErrorText } from '../../../lib/callable-errors';
import type { TextKey } from '../../../lib/i18n';
import { useT } from '../../../lib/i18n';
import type { ScheduleApi } from '../api/schedule-api';
import type { GuestSeatKey } from '../guest-seat-messages';
import { guestSeatMessages } from '../guest-seat-messages';
import { bringFriendState, guestCancelNote, guestSeatRows } from '../guest-seats-state';
import { OutcomeLine } from './outcome-line';
import type { Outcome as BaseOutcome } from './outcome-line';
import { SpotMap } from './spot-map';
import './guest-seats.css';

type Outcome = BaseOutcome<GuestSeatKey>;

const STATUS_KEYS: Record<UserClassStatus, TextKey<GuestSeatKey>> = {
  booked: 'guestStatusBooked',
  attended: 'guestStatusAttended',
  'no-show': 'guestStatusNoShow',
  cancelled: 'guestStatusCancelled',
  'late-cancelled': 'guestStatusLateCancelled',
  'class-cancelled': 'guestStatusClassCancelled',
};

export { heldGuests } from '../guest-seats-state';

export interface GuestSeatListProps {
  api: Pick<ScheduleApi, 'cancelBooking'>;
  classId: string;
  guests: UserClass['guests'];
  /** Whether held seats can still be cancelled (the class has not started). */
  cancellable: boolean;
  startsAt: number;
  /** The studio's cancel window; null when not loaded (the dialog then states the rule). */
  rules: Pick<Settings, 'cancellationWindowHours' | 'waitlistCutoffMinutes'> | null;
  now: () => number;
}

/**
 * The guest seats a member booked in one class, "Guest: <name>" each, with its own cancel
 * (the same window and refund rules as the member's own booking, shown before confirming).
 */
export function GuestSeatList(props: GuestSeatListProps) {
  const { api, classId, guests, cancellable } = props;
  const t = useT(guestSeatMessages);
  const titleId = useId();
  const textId = useId();
  const [confirming, setConfirming] = useState<{ id: string; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const listed = guestSeatRows(guests, cancellable);
  if (listed.length === 0 && !outcome) return null;

  const cancelText = (): Outcome => {
    const note = guestCancelNote(props.rules, props.startsAt, props.now());
    return note.kind === 'rules-unknown'
      ? { tone: 'pending', key: 'cancelGuestRules' }
      : note.kind === 'refund'
        ? { tone: 'pending', key: 'cancelGuestRefund' }
        : { tone: 'pending', key: 'cancelGuestLate', params: { hours: note.hours } };
  };

  const cancel = (id: string, name: string) => {
    setConfirming(null);
    setBusy(true);
    setOutcome(null);
    api.cancelBooking(classId, id).then(
      (result) => {
        setBusy(false);
        setOutcome({
          tone: 'ok',
          key: result.refunded ? 'guestCancelledRefund' : 'guestCancelledLate',
          params: { name },
        });
      },
      (error: unknown) => {
        setBusy(false);
        setOutcome({ tone: 'error', ...callableErrorText(error) });
      },
    );
  };

  const warning = confirming ? cancelText() : null;
  return (
    <div className="guest-seats">
      <ul className="plain-list">
        {listed.map((guest) => (
          <li key={guest.id} className="guest-seat">
            <span>
              {t('guestLine', { name: guest.name })} · {t('guestSpot', { spot: guest.spot })} ·{' '}
              {t(STATUS_KEYS[guest.status])}
            </span>
            {guest.canCancel && (
              <Button
                variant="secondary"
                size="s"
                disabled={busy}
                onClick={() => setConfirming({ id: guest.id, name: guest.name })}
              >
                {t('cancelGuest', { name: guest.name })}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <OutcomeLine outcome={outcome} messages={guestSeatMessages} />
      {confirming && warning && (
        <Dialog
          role="alertdialog"
          labelledBy={titleId}
          describedBy={textId}
          onDismiss={() => setConfirming(null)}
        >
          <h2 id={titleId}>{t('confirmCancelGuest', { name: confirming.name })}</h2>
          <p id={textId}>{t(warning.key, warning.params)}</p>
          <div className="dialog-actions">
            <Button variant="secondary" data-autofocus onClick={() => setConfirming(null)}>
              {t('keepGuest')}
            </Button>
            <Button onClick={() => cancel(confirming.id, confirming.name)}>
              {t('cancelGuest', { name: confirming.name })}
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  );
}

export interface BringFriendProps {
  api: Required<Pick<ScheduleApi, 'bookGuest'>>;
  classId: string;
  /** The class's room (`layoutForClass`). */
  room: SeatLayout;
  /** Whether the class has a room of its own: then the guest's spot can be chosen. */
  hasSpotMap: boolean;
  /** The spots taken right now, live. */
  taken: ReadonlySet<string>;
  /** The member's own spot, shown as theirs on the map. */
  mine: string;
  /** Guest seats the member may still add here. */
  seatsAllowed: number;
}

/**
 * "Bring a friend" on a booked class: a secondary action opening a small form — the
 * guest's name and, where the class has a spot map, their spot — with the cost stated ("uses 1
 * credit of yours"). While the call runs the form says which seat it is holding; the answer, or
 * the refusal, replaces it. Offered while a spot is free and the member is under the limit.
 */
export function BringFriend(props: BringFriendProps) {
  const { api, classId, room, taken, mine, hasSpotMap } = props;
  const t = useT(guestSeatMessages);
  const titleId = useId();
  const consequenceId = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState(false);
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // One key per guest, kept across tries: if a booking went through but its answer was lost,
  // pressing Book again returns that seat instead of paying a second credit. A new name or a
  // success starts a new key.
  const requestId = useRef<string>(crypto.randomUUID());
  const label = (spot: string) =>
    (Object.hasOwn(room.spots, spot) ? room.spots[spot]?.label : undefined) ?? spot;
  const { offered, chosen } = bringFriendState({
    room,
    taken,
    seatsAllowed: props.seatsAllowed,
    ...(picked !== undefined ? { picked } : {}),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = guestNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(true);
      return;
    }
    const guestName = parsed.data;
    setNameError(false);
    setBusy(true);
    setOutcome({ tone: 'pending', key: 'bookingGuest', params: { name: guestName } });
    const input = { classId, guestName, requestId: requestId.current };
    api.bookGuest(chosen === undefined ? input : { ...input, spot: chosen }).then(
      (result) => {
        requestId.current = crypto.randomUUID();
        setBusy(false);
        setOpen(false);
        setName('');
        setPicked(undefined);
        setOutcome({
          tone: 'ok',
          key: 'guestBooked',
          params: { name: guestName, spot: label(result.spot) },
        });
      },
      (error: unknown) => {
        setBusy(false);
        setPicked(undefined);
        setOutcome({ tone: 'error', ...callableErrorText(error) });
      },
    );
  };

  if (!open) {
    return (
      <div className="bring-friend">
        {offered && (
          <Button
            variant="secondary"
            onClick={() => {
              setOutcome(null);
              setOpen(true);
            }}
          >
            {t('bringFriend')}
          </Button>
        )}
        <OutcomeLine outcome={outcome} messages={guestSeatMessages} />
      </div>
    );
  }

  return (
    <section className="bring-friend" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('bringFriendTitle')}</h3>
      <form onSubmit={submit} noValidate>
        <Field
          label={t('guestNameLabel')}
          hint={t('guestNameHint')}
          error={nameError ? t('guestNameRequired') : undefined}
          required
        >
          <input
            type="text"
            name="guestName"
            autoComplete="off"
            maxLength={60}
            value={name}
            disabled={busy}
            onChange={(event) => {
              setName(event.target.value);
              requestId.current = crypto.randomUUID();
            }}
          />
        </Field>
        {hasSpotMap && (
          <>
            <p>{t('guestSpotHint')}</p>
            <SpotMap
              layout={room}
              taken={taken}
              mine={mine}
              chosen={chosen}
              onChoose={busy ? undefined : setPicked}
            />
          </>
        )}
        <p id={consequenceId} className="action-consequence">
          {t('guestUsesCredit')}
        </p>
        <div className="class-actions">
          <Button type="submit" busy={busy} aria-describedby={consequenceId}>
            {chosen === undefined
              ? t('bookGuestSeat')
              : t('bookGuestSpot', { spot: label(chosen) })}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              setOpen(false);
              setPicked(undefined);
              setOutcome(null);
            }}
          >
            {t('notNow')}
          </Button>
        </div>
      </form>
      <OutcomeLine outcome={outcome} messages={guestSeatMessages} />
    </section>
  );
}
