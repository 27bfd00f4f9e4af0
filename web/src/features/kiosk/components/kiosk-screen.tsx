import type { DeskCheckIn, StudioClass } from '@studio/core';
import { addDays, formatDate } from '@studio/core';
import type { FormEvent, ReactNode } from 'react';
import { useEffect, useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { callableErrorText } from '../../../lib/callable-errors';
import type { ErrorText } from '../../../lib/callable-errors';
import { useFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { KioskApi } from '../api/kiosk-api';
import { kioskMessages } from '../kiosk-messages';
import { kioskClasses, unsignedMember } from '../kiosk';
import './kiosk.css';

/** How long the welcome stays before the kiosk is ready for the next member. */
export const KIOSK_WELCOME_MS = 8_000;
/** How often the list moves on to the next class. */
const TICK_MS = 30_000;

export interface KioskSigning {
  member: { uid: string; name: string };
  /** The signature is stored: the kiosk checks the member in again. */
  onSigned: () => void;
  onCancel: () => void;
}

export interface KioskScreenProps {
  api: KioskApi;
  now: () => number;
  /** The signed-in front desk's e-mail, named when the kiosk asks for its password to leave. */
  staffEmail: string;
  /** The camera reading passes (the checador's door scanner), checking each in through `checkIn`. */
  scanner: (checkIn: (pass: string) => Promise<DeskCheckIn>) => ReactNode;
  /** The waiver signed at the kiosk by the member in front of it (the route composes it). */
  signing: (signing: KioskSigning) => ReactNode;
  /** The password was confirmed: the route unlocks the device and leaves. */
  onLeave: () => void;
}

type Step =
  | { kind: 'home' }
  | { kind: 'scan' }
  | { kind: 'name' }
  | { kind: 'sign'; member: { uid: string; name: string }; retry: () => Promise<DeskCheckIn> }
  | { kind: 'welcome'; checkIn: DeskCheckIn }
  | { kind: 'leave' };

/**
 * The door's tablet: the next classes, and members checking themselves in by their pass or by
 * name and the last four digits of their phone; a member who has not signed the current waiver
 * signs it here and is checked in. Large targets, one column in portrait, two in landscape.
 */
export function KioskScreen({ api, now, staffEmail, scanner, signing, onLeave }: KioskScreenProps) {
  const t = useT(kioskMessages);
  const [step, setStep] = useState<Step>({ kind: 'home' });
  const [refusal, setRefusal] = useState<ErrorText | null>(null);
  const go = (next: Step) => {
    setRefusal(null);
    setStep(next);
  };

  useEffect(() => {
    if (step.kind !== 'welcome') return undefined;
    const timer = setTimeout(() => go({ kind: 'home' }), KIOSK_WELCOME_MS);
    return () => clearTimeout(timer);
  }, [step]);

  /** Runs a check-in; a member who must sign first is taken to the waiver, then checked in. */
  const attempt = async (run: () => Promise<DeskCheckIn>): Promise<DeskCheckIn> => {
    try {
      const checkIn = await run();
      go({ kind: 'welcome', checkIn });
      return checkIn;
    } catch (error) {
      const text = callableErrorText(error);
      const member = unsignedMember(text);
      if (member) go({ kind: 'sign', member, retry: run });
      throw error;
    }
  };

  return (
    <div className="kiosk">
      <header className="kiosk-top">
        <h1>{t('kioskTitle')}</h1>
        <KioskClock now={now} />
        <Button
          variant="ghost"
          size="s"
          className="kiosk-leave"
          onClick={() => go({ kind: 'leave' })}
        >
          {t('kioskLeave')}
        </Button>
      </header>
      <div className="kiosk-body">
        <div className="kiosk-main">
          {step.kind === 'home' && (
            <section className="kiosk-choices" aria-label={t('kioskWelcome')}>
              <p className="kiosk-lead">{t('kioskWelcome')}</p>
              <button type="button" className="kiosk-choice" onClick={() => go({ kind: 'scan' })}>
                <span className="kiosk-choice-title">{t('kioskScan')}</span>
                <span className="kiosk-choice-hint">{t('kioskScanHint')}</span>
              </button>
              <button type="button" className="kiosk-choice" onClick={() => go({ kind: 'name' })}>
                <span className="kiosk-choice-title">{t('kioskByName')}</span>
                <span className="kiosk-choice-hint">{t('kioskByNameHint')}</span>
              </button>
            </section>
          )}
          {step.kind === 'scan' && (
            <section className="kiosk-panel" aria-label={t('kioskScan')}>
              <h2>{t('kioskScan')}</h2>
              <p>{t('kioskScanHint')}</p>
              {scanner((pass) => attempt(() => api.checkInByPass(pass)))}
              <Button variant="secondary" size="l" onClick={() => go({ kind: 'home' })}>
                {t('kioskBack')}
              </Button>
            </section>
          )}
          {step.kind === 'name' && (
            <ByName
              onCheckIn={(name, last4) =>
                attempt(() => api.checkInByName(name, last4)).then(
                  () => undefined,
                  (error: unknown) => {
                    if (!unsignedMember(callableErrorText(error)))
                      setRefusal(callableErrorText(error));
                  },
                )
              }
              refusal={refusal}
              onBack={() => go({ kind: 'home' })}
            />
          )}
          {step.kind === 'sign' && (
            <section
              className="kiosk-panel kiosk-sign"
              aria-label={t('kioskSignFirst', { name: step.member.name })}
            >
              <p className="kiosk-lead">{t('kioskSignFirst', { name: step.member.name })}</p>
              {refusal && (
                <p role="alert" className="kiosk-refusal">
                  {t(refusal.key, refusal.params)}
                </p>
              )}
              {signing({
                member: step.member,
                onSigned: () => {
                  step.retry().then(
                    (checkIn) => go({ kind: 'welcome', checkIn }),
                    (error: unknown) => setRefusal(callableErrorText(error)),
                  );
                },
                onCancel: () => go({ kind: 'home' }),
              })}
            </section>
          )}
          {step.kind === 'welcome' && (
            <Welcome checkIn={step.checkIn} onDone={() => go({ kind: 'home' })} />
          )}
          {step.kind === 'leave' && (
            <Leave
              api={api}
              staffEmail={staffEmail}
              onLeave={onLeave}
              onCancel={() => go({ kind: 'home' })}
            />
          )}
        </div>
        <NextClasses api={api} now={now} />
      </div>
    </div>
  );
}

function KioskClock({ now }: { now: () => number }) {
  const format = useFormat(now);
  const [at, setAt] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setAt(now()), TICK_MS);
    return () => clearInterval(timer);
  }, [now]);
  return (
    <p className="kiosk-clock">
      <span>{format.longDate(format.dateOf(at))}</span> <strong>{format.time(at)}</strong>
    </p>
  );
}

/** The next classes, moving on as they end ("wakes up" to the next one by itself). */
function NextClasses({ api, now }: { api: KioskApi; now: () => number }) {
  const t = useT(kioskMessages);
  const [at, setAt] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setAt(now()), TICK_MS);
    return () => clearInterval(timer);
  }, [now]);
  const today = formatDate(at);
  const classes = useLive<Record<string, StudioClass> | null>(
    (onChange) => api.watchClasses(today, addDays(today, 1), onChange),
    null,
    [api, today],
  );
  const coaches = useLive(api.watchCoaches, {}, [api]);
  const exercises = useLive(api.watchExercises, {}, [api]);
  const rows = classes ? kioskClasses(classes, coaches, exercises, at) : null;
  const format = useFormat(now);
  return (
    <aside className="kiosk-classes" aria-labelledby="kiosk-classes-title">
      <h2 id="kiosk-classes-title">{t('kioskNextClasses')}</h2>
      {rows === null && <p>{t('kioskLoadingClasses')}</p>}
      {rows?.length === 0 && <p>{t('kioskNoClasses')}</p>}
      {rows && rows.length > 0 && (
        <ol className="kiosk-class-list">
          {rows.map((row) => (
            <li key={row.id} className="kiosk-class">
              <span className="kiosk-class-hour">
                {row.date !== today && (
                  <span className="kiosk-class-day">{format.day(row.date)} </span>
                )}
                {row.hour}
              </span>
              <span className="kiosk-class-name">
                {row.name}
                {row.coachName && (
                  <span className="kiosk-class-coach">
                    {' '}
                    {t('kioskWithCoach', { coach: row.coachName })}
                  </span>
                )}
              </span>
              <span className="kiosk-class-state">
                {row.now ? (
                  <Badge tone="primary">{t('kioskNow')}</Badge>
                ) : row.spotsLeft === 0 ? (
                  <Badge tone="neutral">{t('kioskFull')}</Badge>
                ) : (
                  <span>{t('kioskSpotsLeft', { count: row.spotsLeft })}</span>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}

interface ByNameProps {
  onCheckIn: (name: string, last4: string) => Promise<void>;
  refusal: ErrorText | null;
  onBack: () => void;
}

function ByName({ onCheckIn, refusal, onBack }: ByNameProps) {
  const t = useT(kioskMessages);
  const [name, setName] = useState('');
  const [digits, setDigits] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const nameOk = name.trim().length >= 2;
  const digitsOk = /^[0-9]{4}$/.test(digits);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!nameOk || !digitsOk) return;
    setBusy(true);
    void onCheckIn(name.trim(), digits).finally(() => setBusy(false));
  };
  return (
    <form className="kiosk-panel kiosk-by-name" onSubmit={submit} noValidate>
      <h2>{t('kioskByName')}</h2>
      <Field label={t('kioskName')} error={tried && !nameOk ? t('kioskNameMissing') : undefined}>
        <input
          className="ui-input kiosk-input"
          value={name}
          autoComplete="off"
          autoCapitalize="words"
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <Field
        label={t('kioskPhoneLast4')}
        hint={t('kioskPhoneLast4Hint')}
        error={tried && !digitsOk ? t('kioskDigitsMissing') : undefined}
      >
        <input
          className="ui-input kiosk-input kiosk-digits"
          value={digits}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          onChange={(event) => setDigits(event.target.value.replace(/\D/g, '').slice(0, 4))}
        />
      </Field>
      {refusal && (
        <p role="alert" className="kiosk-refusal">
          {t(refusal.key, refusal.params)}
        </p>
      )}
      <div className="kiosk-actions">
        <Button variant="secondary" size="l" onClick={onBack} disabled={busy}>
          {t('kioskBack')}
        </Button>
        <Button type="submit" size="l" busy={busy}>
          {t('kioskCheckIn')}
        </Button>
      </div>
    </form>
  );
}

function Welcome({ checkIn, onDone }: { checkIn: DeskCheckIn; onDone: () => void }) {
  const t = useT(kioskMessages);
  return (
    <section className="kiosk-panel kiosk-welcome" role="status">
      <span className="kiosk-welcome-mark" aria-hidden="true">
        ✓
      </span>
      <h2>{t('kioskWelcomeName', { name: checkIn.name })}</h2>
      <p className="kiosk-lead">
        {t('kioskCheckedIn', { title: checkIn.title, hour: checkIn.hour })}
      </p>
      {checkIn.spotLabel && (
        <p className="kiosk-spot">{t('kioskSpot', { spot: checkIn.spotLabel })}</p>
      )}
      <Button size="l" onClick={onDone}>
        {t('kioskDone')}
      </Button>
    </section>
  );
}

interface LeaveProps {
  api: KioskApi;
  staffEmail: string;
  onLeave: () => void;
  onCancel: () => void;
}

/** Leaving asks for the front desk's password again: a member cannot walk off with the device. */
function Leave({ api, staffEmail, onLeave, onCancel }: LeaveProps) {
  const t = useT(kioskMessages);
  const hintId = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [wrong, setWrong] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setWrong(false);
    api.confirmStaff(password).then(onLeave, () => {
      setBusy(false);
      setWrong(true);
      setPassword('');
    });
  };
  return (
    <form className="kiosk-panel kiosk-leave-form" onSubmit={submit} aria-describedby={hintId}>
      <h2>{t('kioskLeaveTitle')}</h2>
      <p id={hintId}>{t('kioskLeaveHint', { email: staffEmail })}</p>
      <Field label={t('kioskPassword')} error={wrong ? t('kioskLeaveWrong') : undefined}>
        <input
          className="ui-input kiosk-input"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
      <div className="kiosk-actions">
        <Button variant="secondary" size="l" onClick={onCancel} disabled={busy}>
          {t('kioskCancel')}
        </Button>
        <Button type="submit" size="l" busy={busy} disabled={password === ''}>
          {t('kioskLeaveConfirm')}
        </Button>
      </div>
    </form>
  );
}
