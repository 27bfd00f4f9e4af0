import { addDays, formatDate, isDateString, teachingCoachId } from '@studio/core';
import { DateInput } from '../../../components/ui/date-input';
import { Field } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import type { DateString, StudioClass } from '@studio/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useLive } from '../../../lib/use-live';
import type { ClassListsApi } from '../api/class-lists-api';
import { classesForViewer, isStaffViewer, ownCoachIds } from '../class-lists';
import type { ListedClass, Viewer } from '../class-lists';
import { useStudioNames } from '../hooks/use-class-data';
import { listsMessages } from '../lists-messages';
import './class-lists.css';
import { useT } from '../../../lib/i18n';

export interface ClassListsProps {
  api: ClassListsApi;
  /** Null until the session knows who is signed in. */
  viewer: Viewer | null;
  /** The clock: the day shown first is today in studio time. */
  now: () => number;
}

const NO_CLASSES: Record<string, StudioClass> = {};

/** The user-list-class link of a class: its date, hour, id, coach and class type. */
export function rosterHref(id: string, cls: StudioClass): string {
  return paths.userListClass.getHref({
    fecha: cls.date,
    hora: cls.hour,
    key: id,
    coach: cls.coach,
    classtype: cls.exercise,
  });
}

/**
 * admin-lists-class: one day's classes (today first), a coach's own classes before the others,
 * each opening its list of members (user-list-class); a coach opens only their own.
 */
export function ClassLists({ api, viewer, now }: ClassListsProps) {
  const lt = useT(listsMessages);
  const [today] = useState<DateString>(() => formatDate(now()));
  const [date, setDate] = useState<DateString>(today);
  const { coaches, exercises } = useStudioNames(api);
  const classes = useLive((onChange) => api.watchClasses(date, date, onChange), NO_CLASSES, [
    api,
    date,
  ]);

  if (!isStaffViewer(viewer)) {
    return (
      <section aria-labelledby="lists-title">
        <h1 id="lists-title">{lt('listsTitle')}</h1>
        <p role="alert">{lt('staffOnly')}</p>
      </section>
    );
  }

  const isCoach = viewer.role === 'coach';
  const listed = classesForViewer(classes, viewer, ownCoachIds(coaches, viewer.uid));
  const own = listed.filter((entry) => entry.own);
  const others = listed.filter((entry) => !entry.own);

  const item = ({ id, cls, own: mine }: ListedClass) => {
    const name = cls.name ?? exercises[cls.exercise]?.name ?? cls.exercise;
    const teacher = teachingCoachId(cls);
    const coach = coaches[teacher]?.name ?? teacher;
    const text = (
      <>
        <strong>{lt('classLine', { hour: cls.hour, name, coach })}</strong>
        <span>
          {lt('classCounts', {
            booked: cls.bookedCount,
            capacity: cls.capacity,
            waiting: cls.waitlistCount,
          })}
          {cls.status === 'cancelled' && ` · ${lt('cancelled')}`}
        </span>
      </>
    );
    // A coach opens only the lists of the classes they teach: the rules refuse the others.
    return (
      <li key={id} className="lists-class">
        {isCoach && !mine ? (
          <div className="lists-class-link">{text}</div>
        ) : (
          <Link
            href={rosterHref(id, cls)}
            aria-label={lt('openList', { name, hour: cls.hour })}
            className="lists-class-link"
          >
            {text}
          </Link>
        )}
      </li>
    );
  };

  const section = (title: string, entries: ListedClass[]) => (
    <section aria-label={title}>
      <h2>{title}</h2>
      {entries.length === 0 ? (
        <p>{lt('noClasses')}</p>
      ) : (
        <ul className="lists-classes">{entries.map(item)}</ul>
      )}
    </section>
  );

  return (
    <section aria-labelledby="lists-title" className="class-lists admin-page">
      <h1 id="lists-title">{lt('listsTitle')}</h1>
      <p className="admin-link">
        {/* A page load of its own: only the checador's document may use the camera. */}
        <a href={paths.checador.getHref({})}>{lt('openChecador')}</a>
      </p>
      <div className="lists-day">
        <IconButton
          label={lt('previousDay')}
          icon="‹"
          variant="secondary"
          onClick={() => setDate(addDays(date, -1))}
        />
        <Field label={lt('date')} className="lists-date">
          <DateInput
            value={date}
            onChange={(next) => {
              if (isDateString(next)) setDate(next);
            }}
          />
        </Field>
        <IconButton
          label={lt('nextDay')}
          icon="›"
          variant="secondary"
          onClick={() => setDate(addDays(date, 1))}
        />
        {date !== today && (
          <Button variant="ghost" size="s" onClick={() => setDate(today)}>
            {lt('today')}
          </Button>
        )}
      </div>
      {isCoach ? (
        <>
          {section(lt('myClasses'), own)}
          {section(lt('otherClasses'), others)}
        </>
      ) : (
        section(lt('allClasses'), listed)
      )}
    </section>
  );
}
