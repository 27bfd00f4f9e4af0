import { isDateString } from '@studio/core';
import { useT } from '../../lib/i18n';
import { DateInput } from './date-input';
import { Field } from './field';
import { kitMessages } from './kit-messages';

/** Studio-local dates `yyyy-MM-dd`, both inclusive; as typed, so possibly not a date yet. */
export interface DateRange {
  from: string;
  to: string;
}

/** Both are dates and `from` is not after `to`: the range may be queried. */
export function isDateRange(range: DateRange): boolean {
  return isDateString(range.from) && isDateString(range.to) && range.from <= range.to;
}

interface DateRangeFieldsProps {
  value: DateRange;
  onChange: (next: DateRange) => void;
  /** Prefix of the two inputs' ids. */
  idPrefix: string;
}

/**
 * The From / To date pair of the admin screens that read a range (lista-pagos, admin-insights):
 * two labelled date inputs, placed in the screen's own filter form. The screen says what an
 * invalid range means for it (see {@link isDateRange}).
 */
export function DateRangeFields({ value, onChange, idPrefix }: DateRangeFieldsProps) {
  const t = useT(kitMessages);
  return (
    <>
      <Field label={t('kitFrom')}>
        <DateInput
          id={`${idPrefix}-from`}
          value={value.from}
          {...(isDateString(value.to) ? { max: value.to } : {})}
          onChange={(from) => onChange({ ...value, from })}
        />
      </Field>
      <Field label={t('kitTo')}>
        <DateInput
          id={`${idPrefix}-to`}
          value={value.to}
          {...(isDateString(value.from) ? { min: value.from } : {})}
          onChange={(to) => onChange({ ...value, to })}
        />
      </Field>
    </>
  );
}
