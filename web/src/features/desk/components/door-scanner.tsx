import type { DeskCheckIn } from '@studio/core';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { callableErrorText } from '../../../lib/callable-errors';
import type { ErrorText } from '../../../lib/callable-errors';
import { useT } from '../../../lib/i18n';
import { deskMessages } from '../desk-messages';
import { PassScanner } from './pass-scanner';

export interface DoorScannerProps {
  /** `checkInByPass` for the class open on the screen (none: the soonest the member booked). */
  checkIn: (pass: string) => Promise<DeskCheckIn>;
}

/** The last scan's answer: who was checked in where, or why not. */
export type ScanAnswer = { ok: DeskCheckIn } | { no: ErrorText };

export function ScanAnswerLine({ answer }: { answer: ScanAnswer }) {
  const t = useT();
  const dt = useT(deskMessages);
  return 'ok' in answer ? (
    <p role="status" className="scan-answer scan-answer-ok">
      {dt('checkedIn', {
        name: answer.ok.name,
        title: answer.ok.title,
        hour: answer.ok.hour,
        spot: answer.ok.spotLabel,
      })}
    </p>
  ) : (
    <p role="alert" className="scan-answer scan-answer-no">
      {t(answer.no.key, answer.no.params)}
    </p>
  );
}

/**
 * Check-in by pass at the door: the camera opens on a tap (so permission is asked only here),
 * each pass read is checked in, and the answer stays in large type until the next scan.
 */
export function DoorScanner({ checkIn }: DoorScannerProps) {
  const dt = useT(deskMessages);
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<ScanAnswer | null>(null);
  const [busy, setBusy] = useState(false);

  const onPass = async (pass: string) => {
    setBusy(true);
    try {
      setAnswer({ ok: await checkIn(pass) });
    } catch (error) {
      setAnswer({ no: callableErrorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="door-scanner" aria-label={dt('scanTitle')}>
      <Button variant={open ? 'secondary' : 'primary'} onClick={() => setOpen(!open)}>
        {dt(open ? 'scanStop' : 'scanStart')}
      </Button>
      {open && <PassScanner onPass={onPass} />}
      {busy && <p aria-live="polite">{dt('scanWorking')}</p>}
      {answer && <ScanAnswerLine answer={answer} />}
    </section>
  );
}
