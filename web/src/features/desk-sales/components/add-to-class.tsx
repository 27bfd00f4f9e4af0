import { dropInPackage } from '@studio/core';
import type {
  AddToClassInput,
  DeskSignature,
  Package,
  StudioClass,
  WaiverVersion,
} from '@studio/core';
import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { callableErrorText } from '../../../lib/callable-errors';
import type { ErrorText } from '../../../lib/callable-errors';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { DeskSalesApi } from '../api/desk-sales-api';
import { newRequestId } from '../desk-sales';
import type { FoundMember } from '../desk-sales';
import { deskSalesMessages } from '../desk-sales-messages';
import type { DeskSalesKey } from '../desk-sales-messages';
import { MemberFinder } from './member-finder';
import './desk-sales.css';

type Who = 'member' | 'walk-in';
type PayWith = AddToClassInput['payWith'];

/** The waiver's signature form (the waiver feature's, composed in by the route). */
export interface SignatureSlot {
  waiver: WaiverVersion;
  defaultName: string;
  titleId: string;
  onSign: (signed: DeskSignature) => Promise<void>;
  onCancel: () => void;
}

export interface AddToClassProps {
  api: DeskSalesApi;
  classId: string;
  cls: StudioClass;
  renderSignature: (slot: SignatureSlot) => ReactNode;
  newId?: () => string;
}

const PAY_LABELS: Readonly<Record<PayWith, DeskSalesKey>> = {
  credit: 'payCredit',
  plan: 'payPlan',
  'drop-in': 'payDropIn',
  comp: 'payComp',
};
/** Someone new has no credit or plan yet. */
const PAY_FOR: Readonly<Record<Who, readonly PayWith[]>> = {
  member: ['credit', 'plan', 'drop-in', 'comp'],
  'walk-in': ['drop-in', 'comp'],
};

const NO_PACKAGES: Record<string, Package> = {};

interface Done {
  name: string;
  amount?: string;
}

/**
 * "Add to class" on a class's roster (the front desk, admins): a member found by name, e-mail or
 * phone, or someone new (name, e-mail, phone: an account and its invitation mail), booked also
 * past the booking window, paid by a credit, the plan, a drop-in paid in cash, or a comp with its
 * reason. Someone who has not signed the current waiver signs it on this screen first.
 */
export function AddToClass({
  api,
  classId,
  cls,
  renderSignature,
  newId = newRequestId,
}: AddToClassProps) {
  const st = useT(deskSalesMessages);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  return (
    <div className="desk-add">
      <Button
        variant="secondary"
        aria-haspopup="dialog"
        onClick={() => {
          setDone(null);
          setOpen(true);
        }}
      >
        {st('addOpen')}
      </Button>
      {done && (
        <p role="status" className="desk-outcome desk-outcome-ok">
          {done.amount === undefined
            ? st('addDone', { name: done.name })
            : st('addDonePaid', { name: done.name, amount: done.amount })}
        </p>
      )}
      {open && (
        <AddToClassDialog
          api={api}
          classId={classId}
          cls={cls}
          renderSignature={renderSignature}
          newId={newId}
          onClose={() => setOpen(false)}
          onDone={(result) => {
            setOpen(false);
            setDone(result);
          }}
        />
      )}
    </div>
  );
}

function AddToClassDialog({
  api,
  classId,
  cls,
  renderSignature,
  newId,
  onClose,
  onDone,
}: Required<AddToClassProps> & { onClose: () => void; onDone: (done: Done) => void }) {
  const t = useT();
  const st = useT(deskSalesMessages);
  const format = useFormat();
  const titleId = useId();
  const signId = useId();
  const [who, setWho] = useState<Who>('member');
  const [member, setMember] = useState<FoundMember | null>(null);
  const [walkIn, setWalkIn] = useState({ name: '', email: '', phone: '' });
  const [payWith, setPayWith] = useState<PayWith>('credit');
  const [reason, setReason] = useState('');
  const [signing, setSigning] = useState(false);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<ErrorText | null>(null);
  // One id for this booking: a retry (after a dropped answer, or the signature) finds the first.
  const [requestId] = useState(newId);
  const packages = useLive((onChange) => api.watchPackages(onChange), NO_PACKAGES, [api]);
  const waiver = useLive<WaiverVersion | null | undefined>(
    (onChange) => api.watchWaiver(onChange),
    undefined,
    [api],
  );
  const dropIn = dropInPackage(packages, cls.creditKind);
  const choices = PAY_FOR[who];
  const paid = choices.includes(payWith) ? payWith : (choices[0] ?? 'comp');
  const name = who === 'member' ? member?.name || member?.email || '' : walkIn.name.trim();

  const missing = {
    member: who === 'member' && member === null,
    name: who === 'walk-in' && walkIn.name.trim().length < 2,
    email: who === 'walk-in' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(walkIn.email.trim()),
    phone: who === 'walk-in' && walkIn.phone.trim().length < 7,
    reason: paid === 'comp' && reason.trim() === '',
  };

  const input = (signature?: DeskSignature): AddToClassInput => ({
    classId,
    requestId,
    payWith: paid,
    ...(who === 'member'
      ? { uid: member?.uid ?? '' }
      : {
          walkIn: {
            name: walkIn.name.trim(),
            email: walkIn.email.trim(),
            phone: walkIn.phone.trim(),
          },
        }),
    ...(paid === 'drop-in' ? { amount: dropIn?.pack.price ?? 0 } : {}),
    ...(paid === 'comp' ? { reason: reason.trim() } : {}),
    ...(signature ? { waiver: signature } : {}),
  });

  const send = async (signature?: DeskSignature) => {
    await api.addToClass(input(signature));
    onDone({
      name,
      ...(paid === 'drop-in' && dropIn
        ? { amount: format.money(dropIn.pack.price, dropIn.pack.currency) }
        : {}),
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.values(missing).some(Boolean)) return;
    setFailure(null);
    // Someone new signs before their first class; a member only when the desk is told to.
    if (who === 'walk-in') {
      if (waiver === null) setFailure({ key: 'waiverNotPublished' });
      else setSigning(true);
      return;
    }
    setBusy(true);
    try {
      await send();
    } catch (error) {
      const text = callableErrorText(error);
      if (text.key === 'waiverNotAccepted' && waiver) setSigning(true);
      else setFailure(text);
    } finally {
      setBusy(false);
    }
  };

  if (signing && waiver)
    return (
      <Dialog labelledBy={signId} onDismiss={onClose} className="desk-sign-dialog">
        {renderSignature({
          waiver,
          defaultName: name,
          titleId: signId,
          onSign: (signed) => send(signed),
          onCancel: () => setSigning(false),
        })}
      </Dialog>
    );

  const error = (field: keyof typeof missing, key: DeskSalesKey = 'requiredField') =>
    tried && missing[field] ? st(key) : undefined;

  return (
    <Dialog labelledBy={titleId} onDismiss={onClose}>
      <h2 id={titleId}>{st('addTitle')}</h2>
      <p className="desk-muted">{st('addIntro')}</p>
      <form className="ui-form desk-add-form" noValidate onSubmit={(event) => void submit(event)}>
        <SegmentedControl
          label={st('addWho')}
          showLabel
          value={who}
          onChange={(next) => {
            setWho(next);
            setFailure(null);
          }}
          options={[
            { value: 'member', label: st('addExisting') },
            { value: 'walk-in', label: st('addWalkIn') },
          ]}
        />
        {who === 'member' ? (
          member ? (
            <div className="desk-chosen">
              <p className="desk-chosen-name">{member.name || member.email}</p>
              <p className="desk-muted">{member.email}</p>
              <Button variant="secondary" size="s" onClick={() => setMember(null)}>
                {st('changeMember')}
              </Button>
            </div>
          ) : (
            <>
              <MemberFinder api={api} onChoose={setMember} />
              {error('member') && (
                <p className="ui-field-error" role="alert">
                  {st('chooseFirst')}
                </p>
              )}
            </>
          )
        ) : (
          <>
            <p className="desk-muted">{st('walkInHint')}</p>
            <Field label={st('walkInName')} required error={error('name')}>
              <input
                className="ui-input"
                autoComplete="off"
                maxLength={100}
                value={walkIn.name}
                onChange={(event) => setWalkIn({ ...walkIn, name: event.target.value })}
              />
            </Field>
            <Field label={st('walkInEmail')} required error={error('email')}>
              <input
                className="ui-input"
                type="email"
                autoComplete="off"
                maxLength={200}
                value={walkIn.email}
                onChange={(event) => setWalkIn({ ...walkIn, email: event.target.value })}
              />
            </Field>
            <Field label={st('walkInPhone')} required error={error('phone')}>
              <input
                className="ui-input"
                type="tel"
                autoComplete="off"
                maxLength={40}
                value={walkIn.phone}
                onChange={(event) => setWalkIn({ ...walkIn, phone: event.target.value })}
              />
            </Field>
          </>
        )}
        <SegmentedControl
          label={st('addPayWith')}
          showLabel
          value={paid}
          onChange={setPayWith}
          options={choices.map((value) => ({ value, label: st(PAY_LABELS[value]) }))}
        />
        {paid === 'drop-in' && (
          <p>
            {dropIn
              ? st('cashReceived', {
                  amount: format.money(dropIn.pack.price, dropIn.pack.currency),
                })
              : t('dropInPackageMissing')}
          </p>
        )}
        {paid === 'comp' && (
          <Field label={st('compReason')} required error={error('reason')}>
            <input
              className="ui-input"
              maxLength={200}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </Field>
        )}
        {failure && (
          <p role="alert" className="ui-field-error">
            {t(failure.key, failure.params)}
          </p>
        )}
        <div className="dialog-actions">
          <Button variant="secondary" onClick={onClose}>
            {st('cancel')}
          </Button>
          <Button type="submit" busy={busy} disabled={paid === 'drop-in' && dropIn === null}>
            {st('addConfirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
