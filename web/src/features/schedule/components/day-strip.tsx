import { scheduleMessages } from '../schedule-messages';
import type { DateString } from '@studio/core';
import { useT } from '../../../lib/i18n';
import { dayLabel, splitAtToday, weekdayName } from './schedule-days';

export interface DayStripProps {
  /** Monday to Sunday of the shown week. */
  days: readonly DateString[];
  today: DateString;
  lang: string;
  /** Whether the days before today are unfolded. */
  showPast: boolean;
  onShowPast: () => void;
  /** Brings that day's classes into view. */
  onPick: (date: DateString) => void;
}

/**
 * The week as a row of days that starts today: the days already past come after a tap on
 * "Earlier days" (and a week back with "Previous week"), never first.
 */
export function DayStrip({ days, today, lang, showPast, onShowPast, onPick }: DayStripProps) {
  const t = useT(scheduleMessages);
  const { past } = splitAtToday(days, today);
  const shown = showPast ? days : days.filter((date) => date >= today);
  return (
    <nav className="day-strip" aria-label={t('days')}>
      {past.length > 0 && !showPast && (
        <button type="button" className="day-chip day-chip-earlier" onClick={onShowPast}>
          {t('earlierDays')}
        </button>
      )}
      <ol className="day-strip-days">
        {shown.map((date) => (
          <li key={date}>
            <button
              type="button"
              className="day-chip"
              aria-current={date === today ? 'date' : undefined}
              aria-label={
                date === today ? `${t('today')}, ${dayLabel(date, lang)}` : dayLabel(date, lang)
              }
              onClick={() => onPick(date)}
            >
              <span className="day-chip-weekday">
                {date === today ? t('today') : weekdayName(date, lang, 'short')}
              </span>
              <span className="day-chip-day">{Number(date.slice(8))}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
