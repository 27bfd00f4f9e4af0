import { DomainError } from '../errors';
import type { RepeatRule } from '../schemas/inputs';
import { MAX_CLASSES_PER_CALL } from '../schemas/inputs';
import { addDays, daysBetween, isoWeekday } from '../time';
import type { DateString } from '../time';

/** The dates a repeat rule covers: every listed ISO weekday from `from` to `until`, inclusive. */
export function expandRepeat(rule: RepeatRule): DateString[] {
  const weekdays = new Set(rule.weekdays);
  const dates: DateString[] = [];
  const span = daysBetween(rule.from, rule.until);
  for (let offset = 0; offset <= span; offset += 1) {
    const date = addDays(rule.from, offset);
    if (weekdays.has(isoWeekday(date))) dates.push(date);
  }
  return dates;
}

/** The dates `createClasses` creates classes on, or an error when there are too many. */
export function classDates(input: {
  date?: DateString | undefined;
  repeat?: RepeatRule | undefined;
}): DateString[] | DomainError {
  const dates = input.repeat ? expandRepeat(input.repeat) : input.date ? [input.date] : [];
  if (dates.length > MAX_CLASSES_PER_CALL)
    return new DomainError('invalid-argument', 'tooManyClasses', { max: MAX_CLASSES_PER_CALL });
  return dates;
}
