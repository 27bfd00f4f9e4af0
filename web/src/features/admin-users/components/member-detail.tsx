import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FailureText } from '../../../components/ui/failure-text';
import { Field } from '../../../components/ui/field';
import {
  CREDIT_KINDS,
  ledgerReason,
  MAX_ADJUST_DELTA,
  roleFromAdminFlag,
  takesBranchScope,
  ROLES,
} from '@studio/core';
import type { Branch, CreditKind, Role } from '@studio/core';
import { parseMemberProfile } from '../../../lib/user-directory';
import type { MemberProfile } from '../../../lib/user-directory';
import { useSubmit } from '../../../lib/use-submit';
import { useLangStore, useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { AdminUsersApi, MemberNode } from '../api/admin-users-api';
import {
  adjustRequest,
  bookings,
  creditsByKind,
  formatMoney,
  lastSeenParts,
  ledgerEntries,
  memberPayments,
} from '../members';
import { useFormat } from '../../../lib/format';
import { usePhoneText } from '../../../lib/phone';
import {
  BOOKING_STATUS_LABELS,
  KIND_LABELS,
  ROLE_LABELS,
  ROLE_TONES,
  usersMessages,
} from '../users-messages';
import { classTitle, spotLabel } from '../../../lib/class-names';
import { WaiverRecord } from './waiver-record';
import {
  PAYMENT_KIND_LABELS,
  PAYMENT_STATUS_LABELS,
  paymentWords,
} from '../../../lib/payment-words';

function useMemberNode(api: AdminUsersApi, uid: string, node: MemberNode): unknown {
  return useLive<unknown>((onChange) => api.watchMember(uid, node, onChange), null, [
    api,
    uid,
    node,
  ]);
}

/** What the route offers on a member's plan (admin-payments' cancel, with its confirmation). */
export type PlanAction = (member: { uid: string; name: string }) => ReactNode;

interface DetailProps {
  api: AdminUsersApi;
  uid: string;
  now: () => number;
  planAction?: PlanAction | undefined;
  membershipAction?: PlanAction | undefined;
  onClose: () => void;
}

/**
 * One member in a sheet over the list: profile, credits, role, credit adjustments, ledger,
 * bookings, payments, plan. The sheet's title (the name) is its level-2 heading.
 */
export function MemberDetail({
  api,
  uid,
  now,
  planAction,
  membershipAction,
  onClose,
}: DetailProps) {
  const ut = useT(usersMessages);
  const format = useFormat(now);
  const user = parseMemberProfile(useMemberNode(api, uid, 'user'));
  const name = user.Name || ut('noName');
  const phone = usePhoneText(user.Phone);
  const seen = lastSeenParts(user.LastSeen);
  return (
    <BottomSheet open onOpenChange={(open) => !open && onClose()} title={name}>
      <div className="member-detail">
        <section aria-label={ut('profile')}>
          <dl className="ui-details">
            <dt>{ut('email')}</dt>
            <dd>{user.Email ?? '—'}</dd>
            <dt>{ut('phone')}</dt>
            <dd>{user.Phone ? phone : '—'}</dd>
            <dt>{ut('waiver')}</dt>
            <dd>{user.Conditions === true ? ut('yes') : ut('no')}</dd>
            <dt>{ut('lastSeen')}</dt>
            <dd>{seen ? `${format.day(seen.date)} ${seen.hour}` : '—'}</dd>
            <dt>{ut('role')}</dt>
            <dd>
              <Badge tone={ROLE_TONES[roleFromAdminFlag(user.Admin)]}>
                {ut(ROLE_LABELS[roleFromAdminFlag(user.Admin)])}
              </Badge>
            </dd>
          </dl>
        </section>
        <Credits creditsList={user['credits-list']} now={now} />
        <Subscription
          user={user}
          action={planAction?.({ uid, name: user.Name || user.Email || uid })}
        />
        {membershipAction?.({ uid, name: user.Name || user.Email || uid })}
        <RoleForm
          api={api}
          uid={uid}
          current={roleFromAdminFlag(user.Admin)}
          currentBranch={user['branch-scope'] ?? ''}
        />
        <PassForm api={api} uid={uid} name={name} />
        <AdjustForm api={api} uid={uid} />
        <Ledger api={api} uid={uid} now={now} />
        <Bookings api={api} uid={uid} now={now} />
        <Payments api={api} uid={uid} now={now} />
        <WaiverRecord api={api} uid={uid} name={name} now={now} />
      </div>
    </BottomSheet>
  );
}

function Credits({ creditsList, now }: { creditsList: unknown; now: () => number }) {
  const ut = useT(usersMessages);
  const format = useFormat(now);
  const summary = creditsByKind(creditsList, now());
  return (
    <section aria-labelledby="credits-title">
      <h3 id="credits-title">{ut('credits')}</h3>
      {summary.length === 0 ? (
        <p>{ut('noCredits')}</p>
      ) : (
        <ul className="ui-list">
          {summary.map((kind) => (
            <li key={kind.kind}>
              {ut('creditsLine', { kind: ut(KIND_LABELS[kind.kind]), count: kind.usable })}
              {kind.nextExpiry !== undefined && (
                <> · {ut('nextExpiry', { date: format.date(format.dateOf(kind.nextExpiry)) })}</>
              )}
              {kind.held > 0 && <> · {ut('onHold', { count: kind.held })}</>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Subscription({ user, action }: { user: MemberProfile; action: ReactNode }) {
  const ut = useT(usersMessages);
  return (
    <section aria-labelledby="subscription-title">
      <h3 id="subscription-title">{ut('subscriptionTitle')}</h3>
      <p>{user.activeSuscription === true ? ut('subscriptionActive') : ut('subscriptionNone')}</p>
      {user.activeSuscription === true && action}
    </section>
  );
}

/**
 * The member's studio pass (their QR code): revoked at once when a phone is lost or a pass was
 * shared; the member's app asks for a new one the next time it shows it. Audited by the server.
 */
function PassForm({ api, uid, name }: { api: AdminUsersApi; uid: string; name: string }) {
  const ut = useT(usersMessages);
  const titleId = useId();
  const textId = useId();
  const [confirming, setConfirming] = useState(false);
  const { busy, done, failure, run } = useSubmit();

  const revoke = () =>
    void run(async () => {
      try {
        await api.revokeMemberPass({ uid });
        return true;
      } finally {
        setConfirming(false);
      }
    });

  // Destructive, so never a solid red button in the sheet: an outlined one that asks first.
  return (
    <form
      className="card ui-form member-form"
      aria-label={ut('passTitle')}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        setConfirming(true);
      }}
    >
      <h3>{ut('passTitle')}</h3>
      <p>{ut('passHint')}</p>
      <Button type="submit" variant="secondary" aria-haspopup="dialog">
        {ut('passRevoke')}
      </Button>
      {done && (
        <p role="status" className="form-success">
          {ut('passRevoked')}
        </p>
      )}
      <FailureText failure={failure} />
      {confirming && (
        <Dialog
          role="alertdialog"
          labelledBy={titleId}
          describedBy={textId}
          onDismiss={() => setConfirming(false)}
        >
          <h2 id={titleId}>{ut('passConfirmTitle', { name })}</h2>
          <p id={textId}>{ut('passConfirmText')}</p>
          <div className="dialog-actions">
            <Button variant="secondary" data-autofocus onClick={() => setConfirming(false)}>
              {ut('passKeep')}
            </Button>
            <Button variant="danger" busy={busy} onClick={revoke}>
              {busy ? ut('working') : ut('passRevoke')}
            </Button>
          </div>
        </Dialog>
      )}
    </form>
  );
}

function RoleForm({
  api,
  uid,
  current,
  currentBranch,
}: {
  api: AdminUsersApi;
  uid: string;
  current: Role;
  /** The branch the account manages now; '' = the whole chain. */
  currentBranch: string;
}) {
  const ut = useT(usersMessages);
  const [chosen, setChosen] = useState<Role | null>(null);
  const [chosenBranch, setChosenBranch] = useState<string | null>(null);
  const branches = useLive<Record<string, Branch>>((onChange) => api.watchBranches(onChange), {}, [
    api,
  ]);
  const { busy, done, failure, run } = useSubmit<Role>();
  const role = chosen ?? current;
  // An admin or the front desk may manage one branch of a chain (takesBranchScope).
  const scoped = takesBranchScope(role) && Object.keys(branches).length > 1;
  const branch = scoped ? (chosenBranch ?? currentBranch) : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await api.setUserRole({ uid, role, ...(branch === '' ? {} : { branch }) });
      setChosen(null);
      setChosenBranch(null);
      return role;
    });
  };

  return (
    <form className="card ui-form member-form" aria-label={ut('setRole')} onSubmit={submit}>
      <h3>{ut('role')}</h3>
      <Field label={ut('role')}>
        <select value={role} onChange={(event) => setChosen(event.target.value as Role)}>
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {ut(ROLE_LABELS[option])}
            </option>
          ))}
        </select>
      </Field>
      {scoped && (
        <Field label={ut('roleBranch')}>
          <select value={branch} onChange={(event) => setChosenBranch(event.target.value)}>
            <option value="">{ut('wholeChain')}</option>
            {Object.entries(branches).map(([id, entry]) => (
              <option key={id} value={id}>
                {entry.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Button type="submit" busy={busy}>
        {busy ? ut('working') : ut('setRole')}
      </Button>
      {done && (
        <p role="status" className="form-success">
          {ut('roleSaved', { role: ut(ROLE_LABELS[done]) })}
        </p>
      )}
      <FailureText failure={failure} />
    </form>
  );
}

function AdjustForm({ api, uid }: { api: AdminUsersApi; uid: string }) {
  const ut = useT(usersMessages);
  const [kind, setKind] = useState<CreditKind>('regular');
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ delta?: boolean; reason?: boolean }>({});
  const { busy, done, failure, run, clear } = useSubmit<{ kind: CreditKind; balance: number }>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    clear();
    const request = adjustRequest(uid, kind, delta, reason);
    if (!request.ok) {
      setErrors({ delta: request.delta, reason: request.reason });
      return;
    }
    setErrors({});
    void run(async () => {
      const { balance } = await api.adjustCredits(request.value);
      setDelta('');
      setReason('');
      return { kind, balance };
    });
  };

  return (
    <form
      className="card ui-form member-form"
      aria-label={ut('adjustTitle')}
      onSubmit={submit}
      noValidate
    >
      <h3>{ut('adjustTitle')}</h3>
      <Field label={ut('kind')}>
        <select value={kind} onChange={(event) => setKind(event.target.value as CreditKind)}>
          {CREDIT_KINDS.map((option) => (
            <option key={option} value={option}>
              {ut(KIND_LABELS[option])}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label={ut('delta')}
        error={errors.delta ? ut('deltaInvalid', { max: MAX_ADJUST_DELTA }) : undefined}
      >
        <input
          type="number"
          step="1"
          inputMode="numeric"
          value={delta}
          onChange={(event) => setDelta(event.target.value)}
        />
      </Field>
      <Field label={ut('reason')} error={errors.reason ? ut('reasonRequired') : undefined}>
        <input value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />
      </Field>
      <Button type="submit" busy={busy}>
        {busy ? ut('working') : ut('adjust')}
      </Button>
      {done && (
        <p role="status" className="form-success">
          {ut('adjusted', { kind: ut(KIND_LABELS[done.kind]), balance: done.balance })}
        </p>
      )}
      <FailureText failure={failure} />
    </form>
  );
}

function Ledger({ api, uid, now }: { api: AdminUsersApi; uid: string; now: () => number }) {
  const t = useT();
  const ut = useT(usersMessages);
  const format = useFormat(now);
  const entries = ledgerEntries(useMemberNode(api, uid, 'ledger'));
  return (
    <section aria-labelledby="ledger-title">
      <h3 id="ledger-title">{ut('ledgerTitle')}</h3>
      {entries.length === 0 ? (
        <p>{ut('ledgerEmpty')}</p>
      ) : (
        <ol className="ledger ui-list">
          {entries.map(([id, entry]) => (
            <li key={id}>
              <time dateTime={new Date(entry.at).toISOString()}>{format.moment(entry.at)}</time> ·{' '}
              {t(ledgerReason(entry).key, ledgerReason(entry).params)} ·{' '}
              {ut(KIND_LABELS[entry.kind])} ·{' '}
              <strong>{entry.delta > 0 ? `+${entry.delta}` : entry.delta}</strong>
              {entry.type === 'adjust' && entry.reason && <> · “{entry.reason}”</>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Bookings({ api, uid, now }: { api: AdminUsersApi; uid: string; now: () => number }) {
  const ut = useT(usersMessages);
  const format = useFormat(now);
  const list = bookings(useMemberNode(api, uid, 'bookings'));
  return (
    <section aria-labelledby="bookings-title">
      <h3 id="bookings-title">{ut('bookingsTitle')}</h3>
      {list.length === 0 ? (
        <p>{ut('bookingsEmpty')}</p>
      ) : (
        <ul className="ui-list">
          {list.map((booking) => (
            <li key={booking.bookingId}>
              {format.day(booking.date)} {booking.hour} · {classTitle(booking) || booking.classId} ·{' '}
              {spotLabel(booking)} · {ut(BOOKING_STATUS_LABELS[booking.status])}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Payments({ api, uid, now }: { api: AdminUsersApi; uid: string; now: () => number }) {
  const ut = useT(usersMessages);
  const pw = useT(paymentWords);
  const lang = useLangStore((state) => state.lang);
  const format = useFormat(now);
  const list = memberPayments(useMemberNode(api, uid, 'payments'));
  return (
    <section aria-labelledby="member-payments-title">
      <h3 id="member-payments-title">{ut('paymentsTitle')}</h3>
      {list.length === 0 ? (
        <p>{ut('paymentsEmpty')}</p>
      ) : (
        <ul className="ui-list">
          {list.map(([id, payment]) => (
            <li key={id}>
              {format.moment(payment.createdAt)} · {pw(PAYMENT_KIND_LABELS[payment.kind])} ·{' '}
              {pw(PAYMENT_STATUS_LABELS[payment.status])} ·{' '}
              {formatMoney(payment.amount, payment.currency, lang)}
              {payment.coupon && <> · {payment.coupon}</>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
