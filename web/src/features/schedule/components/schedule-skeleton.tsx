import { Skeleton } from '../../../components/ui/skeleton';

/** Cards a day shows while the week loads: each the size of a real class card. */
const CARDS = 3;

/** The schedule's shape before the week has answered, so nothing moves when it arrives. */
export function ScheduleSkeleton() {
  return (
    <div className="schedule-skeleton" aria-hidden="true">
      <div className="day">
        <div className="day-heading">
          <Skeleton width="12rem" height="1.25rem" />
        </div>
        <ul className="class-list">
          {Array.from({ length: CARDS }, (_, index) => (
            <li key={index}>
              <div className="class-item-skeleton">
                <span className="class-time">
                  <Skeleton width="3rem" height="1.25rem" />
                </span>
                <span className="class-main">
                  <Skeleton width="70%" />
                  <Skeleton width="45%" />
                </span>
                <span className="class-fill">
                  <Skeleton width="5.5rem" height="6px" />
                </span>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
