import { formatDate, isDateString, teachingCoachId } from '@studio/core';
import { DateInput } from '../../../components/ui/date-input';
import { Field } from '../../../components/ui/field';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useFormat } from '../../../lib/format';
import type { Attendance, DateString, StudioClass } from '@studio/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { callableErrorText } from '../../../lib/callable-errors';
import type { ErrorText } from '../../../lib/callable-errors';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { ClassListsApi } from '../api/class-lists-api';
import {
  attendanceCounts,
  classesForViewer,
  isStaffViewer,
  mayTakeAttendance,
  ownCoachIds,
  readsDirectory,
} from '../class-lists';
import type { RosterRow, Viewer } from '../class-lists';
import { useRosterView, useStudioNames, useUnsigned } from '../hooks/use-class-data';
import { listsMessages } from '../lists-messages';
import { ATTENDANCE_KEYS } from './class-roster';
import './class-lists.css';

export interface CheckInBoardProps {
  api: ClassListsApi;
  viewer: Viewer | null;
  /** The clock: the day shown first is today in studio time. */
  now: () => number;
  /** The class to open at once (`/checador?class=…`, from a class list). */
  initialClassId?: string | null;
  /** The door's pass scanner for the open class (the app composes the desk's). */
  scanner?: (classId: string) => ReactNode;
  /** The front desk's own actions on the open class, e.g. adding someone (the app composes them). */
  deskActions?: (classId: string, cls: StudioClass) => ReactNode;
}

const NO_CLASSES: Record<string, StudioClass> = {};
const MARKS: readonly Attendance[] = ['attended', 'no-show'];
const NO_COACH_IDS: ReadonlySet<string> = new Set();

/**
 * /checador: pick one of the day's classes (a coach only their own), then mark each booked member
 * attended or no-show with one tap; the marks and counts come back live from the roster.
 */
export function CheckInBoard({
  api,
  viewer,
  now,
  initialClassId = null,
  scanner,
  deskActions,
}: CheckInBoardProps) {
  const t = useT();
  const lt = useT(listsMessages);
  const format = useFormat(now);
  const [today] = useState<DateString>(() => formatDate(now()));
  const [date, setDate] = useState<DateString>(today);
  const [classId, setClassId] = useState<string | null>(initialClassId);
  /** The member whose mark is being sent; the others stay tappable meanwhile. */
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { coaches, exercises } = useStudioNames(api);
  const classes = useLive((onChange) => api.watchClasses(date, date, onChange), NO_CLASSES, [
    api,
    date,
  ]);
  const cls = useLive<StudioClass | null | undefined>(
    classId === null ? null : (onChange) => api.watchClass(classId, onChange),
    undefined,
    [api, classId],
  );
  const own = viewer === null ? NO_COACH_IDS : ownCoachIds(coaches, viewer.uid);
  // Read only where the rules let this viewer read: a coach's own classes, every class for the desk.
  const editable = isStaffViewer(viewer) && cls != null && mayTakeAttendance(viewer, cls, own);
  const { rows } = useRosterView(api, editable ? classId : null, cls?.layout ?? undefined);
  const unsigned = useUnsigned(api, readsDirectory(viewer), rows);

  if (!isStaffViewer(viewer)) {
    return (
      <section aria-labelledby="checador-title">
        <h1 id="checador-title">{lt('checadorTitle')}</h1>
        <p role="alert">{lt('staffOnly')}</p>
      </section>
    );
  }
  const className = (entry: StudioClass) =>
    entry.name ?? exercises[entry.exercise]?.name ?? entry.exercise;

  const choose = (id: string | null) => {
    setClassId(id);
    setFailure(null);
    setDone(null);
  };

  if (classId === null) {
    // A coach takes attendance only in the classes they teach (or substitute); by the hour.
    const listed = classesForViewer(classes, viewer, own)
      .filter((entry) => viewer.role !== 'coach' || entry.own)
      .sort((a, b) => a.cls.startsAt - b.cls.startsAt);
    return (
      <section aria-labelledby="checador-title" className="checador">
        <h1 id="checador-title">{lt('checadorTitle')}</h1>
        <Field label={lt('otherDay')} className="lists-day">
          <DateInput
            value={date}
            onChange={(next) => {
              if (isDateString(next)) setDate(next);
            }}
          />
        </Field>
        <h2>{lt('pickClass')}</h2>
        {listed.length === 0 ? (
          <p>{lt('noClasses')}</p>
        ) : (
          <ul className="checador-classes">
            {listed.map(({ id, cls: entry, own: mine }) => (
              <li key={id}>
                <button type="button" className="checador-class" onClick={() => choose(id)}>
                  <strong>
                    {lt('classLine', {
                      hour: entry.hour,
                      name: className(entry),
                      coach: coaches[teachingCoachId(entry)]?.name ?? teachingCoachId(entry),
                    })}
                  </strong>
                  {mine && (
                    <Badge tone="primary" className="checador-own">
                      {lt('yourClass')}
                    </Badge>
                  )}
                  <span>
                    {lt('classCounts', {
                      booked: entry.bookedCount,
                      capacity: entry.capacity,
                      waiting: entry.waitlistCount,
                    })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }

  const mark = async (row: RosterRow, status: Attendance) => {
    setBusy(row.key);
    setFailure(null);
    setDone(null);
    try {
      await api.checkIn(classId, row.uid, status, row.guestBookingId);
      setDone(lt('marked', { name: row.name, status: lt(ATTENDANCE_KEYS[status]) }));
    } catch (error) {
      setFailure(callableErrorText(error));
    } finally {
      setBusy((current) => (current === row.key ? null : current));
    }
  };

  const counts = attendanceCounts(rows ?? []);
  return (
    <section aria-labelledby="checador-title" className="checador">
      <h1 id="checador-title">
        {cls
          ? `${lt('checadorTitle')}: ${className(cls)} · ${format.day(cls.date)} ${cls.hour}`
          : lt('checadorTitle')}
      </h1>
      <Button variant="secondary" size="s" onClick={() => choose(null)}>
        {lt('changeClass')}
      </Button>
      {cls === null && <p role="alert">{lt('classMissing')}</p>}
      {cls && !editable && <p role="alert">{lt('notYourClass')}</p>}
      {editable && scanner?.(classId)}
      {editable && deskActions?.(classId, cls)}
      <p className="checador-counts" aria-live="polite">
        {lt('counts', { ...counts })}
      </p>
      {failure && <p role="alert">{t(failure.key, failure.params)}</p>}
      {done && (
        <p role="status" className="form-success">
          {done}
        </p>
      )}
      {rows === null ? (
        <p>{lt('loading')}</p>
      ) : rows.length === 0 ? (
        <p>{lt('noBookings')}</p>
      ) : (
        <ul className="checador-members" aria-label={lt('bookedTitle', { count: rows.length })}>
          {rows.map((row) => (
            <li key={row.key} className="checador-member">
              <span className="checador-who">
                <strong>{row.name}</strong>
                {row.guestOf !== undefined && (
                  <span className="guest-of">{lt('guestOf', { name: row.guestOf })}</span>
                )}
                {row.guestOf === undefined && unsigned.has(row.uid) && (
                  <Badge tone="warning">{lt('waiverUnsigned')}</Badge>
                )}
                <span>{lt('spotLabel', { spot: row.spotLabel })}</span>
                <span>
                  {row.pending
                    ? lt('pending')
                    : lt(row.attendance ? ATTENDANCE_KEYS[row.attendance] : 'unmarked')}
                </span>
              </span>
              <span className="checador-marks">
                {MARKS.map((status) => (
                  <button
                    key={status}
                    type="button"
                    className={`checador-mark checador-${status}`}
                    aria-pressed={row.attendance === status}
                    aria-label={lt(status === 'attended' ? 'markAttended' : 'markNoShow', {
                      name: row.name,
                    })}
                    disabled={!editable || row.pending || busy === row.key}
                    onClick={() => void mark(row, status)}
                  >
                    {lt(ATTENDANCE_KEYS[status])}
                  </button>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
