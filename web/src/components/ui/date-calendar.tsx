/**
 * The month grid behind the kit's date field (react-day-picker: keyboard, labels and focus from
 * a library made for it), loaded only when a picker opens. Days are plain calendar dates: each
 * is built and read at local noon, so no time zone moves it.
 */
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { enUS, es } from 'react-day-picker/locale';
import type { Lang } from '@studio/core';

export interface DateCalendarProps {
  /** `yyyy-MM-dd`, or '' for none. */
  value: string;
  min?: string;
  max?: string;
  lang: Lang;
  onPick: (date: string) => void;
}

function toDate(date: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12) : undefined;
}

function toKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export default function DateCalendar({ value, min, max, lang, onPick }: DateCalendarProps) {
  const selected = toDate(value);
  const before = min ? toDate(min) : undefined;
  const after = max ? toDate(max) : undefined;
  return (
    <DayPicker
      mode="single"
      required={false}
      autoFocus
      weekStartsOn={1}
      locale={lang === 'es' ? es : enUS}
      selected={selected}
      defaultMonth={selected ?? after ?? new Date()}
      disabled={[...(before ? [{ before }] : []), ...(after ? [{ after }] : [])]}
      onSelect={(day) => {
        if (day) onPick(toKey(day));
      }}
    />
  );
}
