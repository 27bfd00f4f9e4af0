import { scheduleMessages } from '../schedule-messages';
import type { DateString } from '@studio/core';
import type { KeyboardEvent } from 'react';
import { useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { Format } from '../../../lib/format';
import { weekdayName } from './schedule-days';

export interface DayStripProps {
  /** The seven days shown. */
  days: readonly DateString[];
  today: DateString;
  format: Format;
  /** Brings that day's classes into view. */
  onPick: (date: DateString) => void;
}

const MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (index, last) => Math.min(last, index + 1),
  ArrowLeft: (index) => Math.max(0, index - 1),
  Home: () => 0,
  End: (_index, last) => last,
};

/**
 * The shown days as a row (from today on the first page). The days are one tab stop (roving
 * tabindex): Tab lands on the chosen day, the arrow keys, Home and End move between days, Enter
 * or Space picks one and focus stays on it.
 */
export function DayStrip({ days: shown, today, format, onPick }: DayStripProps) {
  const t = useT(scheduleMessages);
  const [chosen, setChosen] = useState<DateString | null>(null);
  const chips = useRef(new Map<DateString, HTMLButtonElement>());
  // The tab stop: the chosen day while it is shown, else today, else the first day shown.
  const stop =
    chosen !== null && shown.includes(chosen)
      ? chosen
      : shown.includes(today)
        ? today
        : (shown[0] ?? null);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const target = shown[move(index, shown.length - 1)];
    if (target === undefined) return;
    setChosen(target);
    chips.current.get(target)?.focus();
  };

  return (
    <nav className="day-strip" aria-label={t('days')}>
      <ol className="day-strip-days">
        {shown.map((date, index) => {
          const weekday = date === today ? t('today') : weekdayName(date, format.lang, 'short');
          const dayOfMonth = Number(date.slice(8));
          return (
            <li key={date}>
              <button
                ref={(element) => {
                  if (element) chips.current.set(date, element);
                  else chips.current.delete(date);
                }}
                type="button"
                className="day-chip"
                tabIndex={date === stop ? 0 : -1}
                aria-current={date === today ? 'date' : undefined}
                // The name starts with what the chip shows ('Thu 26'), then the whole day
                // ('Thursday 26 November'), so a voice user can say what they see (WCAG 2.5.3).
                aria-label={`${weekday} ${dayOfMonth}, ${format.longDate(date)}`}
                onKeyDown={(event) => onKeyDown(event, index)}
                onClick={() => {
                  setChosen(date);
                  onPick(date);
                }}
              >
                <span className="day-chip-weekday">{weekday}</span>
                <span className="day-chip-day">{dayOfMonth}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
