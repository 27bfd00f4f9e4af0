import { fromTypedDate, isDateString, toTypedDate, STUDIO_LOCALE, datePattern } from '@studio/core';
import type { ChangeEvent } from 'react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLangStore, useT } from '../../lib/i18n';
import { kitMessages } from './kit-messages';

const DateCalendar = lazy(() => import('./date-calendar'));

export interface DateInputProps {
  /** `yyyy-MM-dd` once a real date; what was typed otherwise ('' for none). */
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean;
  required?: boolean;
}

/** What a person types, as a stored date: the studio's order ("26/11/2026"), or `yyyy-MM-dd`. */
function parseTyped(text: string): string | undefined {
  const trimmed = text.trim();
  if (isDateString(trimmed)) return trimmed;
  return fromTypedDate(trimmed);
}

/** "dd/mm/aaaa" in the studio's order, in the reader's words for day, month and year. */
function placeholderOf(lang: string): string {
  const { order, separator } = datePattern(STUDIO_LOCALE);
  const words =
    lang === 'es'
      ? { day: 'dd', month: 'mm', year: 'aaaa' }
      : { day: 'dd', month: 'mm', year: 'yyyy' };
  return order.map((field) => words[field]).join(separator);
}

/**
 * A date field in the studio's own way of writing dates (day/month/year in Monterrey, whatever
 * the browser's language), with a calendar to pick from. It hands over `yyyy-MM-dd`, the stored
 * form; a date typed that is not one yet is handed over as typed, for the form to refuse. Use it
 * inside `Field`, which gives it its id, label and description.
 */
export function DateInput({ value, onChange, min, max, required, ...aria }: DateInputProps) {
  const t = useT(kitMessages);
  const lang = useLangStore((state) => state.lang);
  // What is being typed; null shows the value in the studio's order.
  const [draft, setDraft] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const shown = draft ?? (isDateString(value) ? toTypedDate(value) : value);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (box.current && event.target instanceof Node && !box.current.contains(event.target))
        setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const type = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    setDraft(text);
    onChange(parseTyped(text) ?? text.trim());
  };

  return (
    <div className="ui-date" ref={box}>
      <input
        {...aria}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholderOf(lang)}
        required={required}
        value={shown}
        onChange={type}
        onBlur={() => setDraft(null)}
      />
      <button
        ref={button}
        type="button"
        className="icon-button ui-date-button"
        aria-label={t('kitChooseDate')}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          focusable="false"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M4 6h16v14H4Z M4 10h16 M8 3v4 M16 3v4" />
        </svg>
      </button>
      {open && (
        <div className="ui-date-popover" role="dialog" aria-label={t('kitChooseDate')}>
          <Suspense fallback={null}>
            <DateCalendar
              value={isDateString(value) ? value : ''}
              {...(min !== undefined ? { min } : {})}
              {...(max !== undefined ? { max } : {})}
              lang={lang}
              onPick={(date) => {
                setDraft(null);
                onChange(date);
                setOpen(false);
                button.current?.focus();
              }}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
