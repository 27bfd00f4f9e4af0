import { teachingCoachId } from '@studio/core';
import type { Attendance, StudioClass } from '@studio/core';
import { Link } from 'wouter';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import type { BadgeTone } from '../../../components/ui/badge';
import { useFormat } from '../../../lib/format';
import { buttonClass } from '../../../components/ui/button';
import { TableScroll } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { paths } from '../../../config/paths';
import { useLive } from '../../../lib/use-live';
import type { ClassListsApi } from '../api/class-lists-api';
import { isStaffViewer, mayTakeAttendance, ownCoachIds, readsDirectory } from '../class-lists';
import type { Viewer } from '../class-lists';
import { useRosterView, useStudioNames, useUnsigned } from '../hooks/use-class-data';
import type { RosterView } from '../hooks/use-class-data';
import { listsMessages } from '../lists-messages';
import type { ListsKey } from '../lists-messages';
import './class-lists.css';
import { useT } from '../../../lib/i18n';

/** The route's segments: user-list-class/{fecha}/{hora}/{key}/{coach}/{classtype}. */
export interface RosterRouteParams {
  fecha: string;
  hora: string;
  key: string;
  coach: string;
  classtype: string;
}

export interface ClassRosterProps {
  api: ClassListsApi;
  viewer: Viewer | null;
  params: RosterRouteParams;
}

export const ATTENDANCE_KEYS: Readonly<Record<Attendance, ListsKey>> = {
  attended: 'attended',
  'no-show': 'noShow',
};

/** The checador opened on one class. */
export function checadorHref(classId: string): string {
  return `${paths.checador.getHref({})}?class=${encodeURIComponent(classId)}`;
}

/**
 * user-list-class: who booked the class (spot and name, attendance once taken) and who is
 * waiting, live. The route's date, hour, coach and class type name the class until it loads.
 */
const ATTENDANCE_TONES: Readonly<Record<Attendance, BadgeTone>> = {
  attended: 'success',
  'no-show': 'danger',
};

export function ClassRoster({ api, viewer, params }: ClassRosterProps) {
  const lt = useT(listsMessages);
  const format = useFormat();
  const { coaches, exercises } = useStudioNames(api);
  const cls = useLive<StudioClass | null | undefined>(
    (onChange) => api.watchClass(params.key, onChange),
    undefined,
    [api, params.key],
  );
  // The roster is read only where the rules let this viewer read it: a coach's own classes.
  const mayRead =
    isStaffViewer(viewer) &&
    cls != null &&
    mayTakeAttendance(viewer, cls, ownCoachIds(coaches, viewer.uid));
  const { rows, waiting } = useRosterView(api, mayRead ? params.key : null, cls?.layout);
  const unsigned = useUnsigned(api, readsDirectory(viewer), rows);

  if (!isStaffViewer(viewer)) {
    return (
      <section aria-labelledby="roster-title">
        <h1 id="roster-title">{lt('listsTitle')}</h1>
        <p role="alert">{lt('staffOnly')}</p>
      </section>
    );
  }

  const exercise = cls?.exercise ?? params.classtype;
  const coachId = cls ? teachingCoachId(cls) : params.coach;
  const name = cls?.name ?? exercises[exercise]?.name ?? exercise;
  const coach = coaches[coachId]?.name ?? coachId;

  return (
    <section aria-labelledby="roster-title" className="class-roster">
      <p>
        <Link href={paths.adminListsClass.getHref({})}>{lt('backToLists')}</Link>
      </p>
      <h1 id="roster-title">
        {lt('rosterTitle', {
          name,
          date: format.day(cls?.date ?? params.fecha),
          hour: cls?.hour ?? params.hora,
        })}
      </h1>
      <p className="roster-coach">
        <Avatar name={coach} src={coaches[coachId]?.img} size="s" decorative />
        {lt('coachLine', { coach })}
      </p>
      {cls === null && <p role="alert">{lt('classMissing')}</p>}
      {cls?.status === 'cancelled' && <p>{lt('cancelled')}</p>}
      {cls != null && !mayRead && <p role="alert">{lt('notYourClass')}</p>}
      {mayRead && (
        <p>
          {/* A page load of its own: only the checador's document may use the camera. */}
          <a
            href={checadorHref(params.key)}
            className={buttonClass({ className: 'lists-primary' })}
          >
            {lt('takeAttendance')}
          </a>
        </p>
      )}
      {(cls === undefined || mayRead) && (
        <RosterTables rows={rows} waiting={waiting} unsigned={unsigned} />
      )}
    </section>
  );
}

function RosterTables({
  rows,
  waiting,
  unsigned,
}: Pick<RosterView, 'rows' | 'waiting'> & { unsigned: ReadonlySet<string> }) {
  const lt = useT(listsMessages);
  const format = useFormat();
  return (
    <>
      <h2>{lt('bookedTitle', { count: rows?.length ?? 0 })}</h2>
      {rows === null ? (
        <p>{lt('loading')}</p>
      ) : rows.length === 0 ? (
        <EmptyState title={lt('noBookings')} />
      ) : (
        <div className="ui-table">
          <TableScroll label={lt('bookedTitle', { count: rows.length })}>
            <table className="roster-table">
              <thead>
                <tr>
                  <th scope="col">{lt('spot')}</th>
                  <th scope="col">{lt('member')}</th>
                  <th scope="col">{lt('attendance')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key}>
                    <td data-label={lt('spot')} className="roster-spot">
                      {row.spotLabel}
                    </td>
                    <td data-label={lt('member')} className="roster-name">
                      {row.name}
                      {row.guestOf !== undefined && (
                        <span className="guest-of">{lt('guestOf', { name: row.guestOf })}</span>
                      )}
                      {row.guestOf === undefined && unsigned.has(row.uid) && (
                        <Badge tone="warning" className="roster-waiver">
                          {lt('waiverUnsigned')}
                        </Badge>
                      )}
                    </td>
                    <td data-label={lt('attendance')} className="roster-mark">
                      <Badge tone={row.attendance ? ATTENDANCE_TONES[row.attendance] : 'neutral'}>
                        {row.pending
                          ? lt('pending')
                          : lt(row.attendance ? ATTENDANCE_KEYS[row.attendance] : 'unmarked')}
                      </Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      )}

      <h2>{lt('waitlistTitle', { count: waiting.length })}</h2>
      {waiting.length === 0 ? (
        <EmptyState title={lt('noWaitlist')} />
      ) : (
        <ol className="roster-waitlist ui-list">
          {waiting.map((entry) => (
            <li key={entry.uid}>
              {entry.name}{' '}
              <small>{lt('waitingSince', { time: format.momentInText(entry.joinedAt) })}</small>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
