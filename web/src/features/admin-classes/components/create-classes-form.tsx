import { classDates, formatDate, isDomainError, isDateString, isoWeekday } from '@studio/core';
import { DateInput } from '../../../components/ui/date-input';
import { Button } from '../../../components/ui/button';
import { FailureText } from '../../../components/ui/failure-text';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import type { ErrorText } from '../../../lib/callable-errors';
import { useT } from '../../../lib/i18n';
import { useSubmit } from '../../../lib/use-submit';
import type { AdminClassesApi } from '../api/admin-classes-api';
import type { ClassFieldsState, DatesState, FieldErrors } from '../class-form';
import { EMPTY_CLASS_FIELDS, WEEKDAYS, createClassesRequest } from '../class-form';
import type { ClassesKey } from '../classes-messages';
import { classesMessages } from '../classes-messages';
import { ClassFields, Field } from './class-fields';
import { useClassCatalog } from './use-catalog';

const PREVIEW_LIMIT = 14;

export function weekdayKey(weekday: number): ClassesKey {
  return `day${weekday}` as ClassesKey;
}

/** The dates the form would create classes on, or why it would not. */
function previewOf(dates: DatesState): { dates: string[] } | { error: ErrorText } | null {
  if (dates.mode === 'single') return isDateString(dates.date) ? { dates: [dates.date] } : null;
  if (!isDateString(dates.from) || !isDateString(dates.until) || dates.until < dates.from)
    return null;
  const result = classDates({
    repeat: { from: dates.from, until: dates.until, weekdays: [...dates.weekdays] },
  });
  if (isDomainError(result)) {
    return {
      error: result.params
        ? { key: result.messageKey, params: result.params }
        : { key: result.messageKey },
    };
  }
  return { dates: result };
}

/**
 * crear-clases: one class, or the same class every chosen weekday over a date range; a branch
 * manager's (`branchScope`) at their branch.
 */
export function CreateClassesForm({
  api,
  branchScope = null,
}: {
  api: AdminClassesApi;
  /** The branch a branch manager's account is scoped to; null = the chain. */
  branchScope?: string | null;
}) {
  const t = useT(classesMessages);
  const tp = useT();
  const base = useId();
  const catalog = useClassCatalog(api, branchScope);
  const [today] = useState(() => formatDate(Date.now()));
  const [chosen, setFields] = useState<ClassFieldsState>(EMPTY_CLASS_FIELDS);
  // A branch manager's classes are their branch's, whenever their scope arrives.
  const fields = branchScope === null ? chosen : { ...chosen, branch: branchScope };
  const [dates, setDates] = useState<DatesState>({
    mode: 'weekly',
    date: today,
    from: today,
    until: today,
    weekdays: [],
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, done: status, failure, run, clear } = useSubmit<string>();

  const preview = previewOf(dates);
  const toggleDay = (weekday: number) =>
    setDates({
      ...dates,
      weekdays: dates.weekdays.includes(weekday)
        ? dates.weekdays.filter((day) => day !== weekday)
        : [...dates.weekdays, weekday].sort(),
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    clear();
    const checked = createClassesRequest(fields, dates);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    void run(async () => {
      const { classIds } = await api.createClasses(checked.value);
      return t('created', { count: classIds.length });
    });
  }

  if (!catalog) {
    return (
      <section aria-labelledby={`${base}-title`}>
        <h1 id={`${base}-title`}>{t('createTitle')}</h1>
        <p role="status">{t('working')}</p>
      </section>
    );
  }
  const titleId = `${base}-title`;
  return (
    <section aria-labelledby={titleId} className="admin-page">
      <h1 id={titleId}>{t('createTitle')}</h1>
      <form className="card ui-card ui-form" aria-labelledby={titleId} onSubmit={submit} noValidate>
        <SegmentedControl
          label={t('createTitle')}
          name={`${base}-mode`}
          value={dates.mode}
          onChange={(mode) => setDates({ ...dates, mode })}
          options={(['weekly', 'single'] as const).map((mode) => ({ value: mode, label: t(mode) }))}
        />
        {dates.mode === 'single' ? (
          <Field id={`${base}-date`} label={t('date')} error={errors['date']}>
            {(common) => (
              <DateInput
                {...common}
                value={dates.date}
                onChange={(date) => setDates({ ...dates, date })}
              />
            )}
          </Field>
        ) : (
          <>
            <Field id={`${base}-from`} label={t('from')} error={errors['from']}>
              {(common) => (
                <DateInput
                  {...common}
                  value={dates.from}
                  onChange={(from) => setDates({ ...dates, from })}
                />
              )}
            </Field>
            <Field id={`${base}-until`} label={t('until')} error={errors['until']}>
              {(common) => (
                <DateInput
                  {...common}
                  value={dates.until}
                  onChange={(until) => setDates({ ...dates, until })}
                />
              )}
            </Field>
            <fieldset className="ui-chip-group" aria-invalid={errors['weekdays'] !== undefined}>
              <legend className="ui-field-label">{t('weekdays')}</legend>
              {WEEKDAYS.map((weekday) => (
                <label key={weekday} className="ui-chip">
                  <input
                    type="checkbox"
                    checked={dates.weekdays.includes(weekday)}
                    onChange={() => toggleDay(weekday)}
                  />{' '}
                  <span>{t(weekdayKey(weekday))}</span>
                </label>
              ))}
              {errors['weekdays'] && <p className="ui-field-error">{t('fieldRequired')}</p>}
            </fieldset>
          </>
        )}
        <ClassFields value={fields} errors={errors} catalog={catalog} onChange={setFields} />
        <div aria-live="polite">
          {preview !== null && 'error' in preview && (
            <p className="ui-field-error">{tp(preview.error.key, preview.error.params)}</p>
          )}
          {preview !== null && 'dates' in preview && (
            <>
              <p>
                {preview.dates.length === 0
                  ? t('previewNone')
                  : t('preview', { count: preview.dates.length })}
              </p>
              <ul
                className="ui-chip-list"
                aria-label={t('preview', { count: preview.dates.length })}
              >
                {preview.dates.slice(0, PREVIEW_LIMIT).map((date) => (
                  <li key={date}>
                    {t(weekdayKey(isoWeekday(date)))} {date}
                    {fields.hour ? ` ${fields.hour}` : ''}
                  </li>
                ))}
              </ul>
              {preview.dates.length > PREVIEW_LIMIT && (
                <p>{t('previewMore', { count: preview.dates.length - PREVIEW_LIMIT })}</p>
              )}
            </>
          )}
        </div>
        <FailureText failure={failure} />
        {status && (
          <p role="status" className="form-success">
            {status}
          </p>
        )}
        <div className="ui-actions">
          <Button type="submit" busy={busy}>
            {busy ? t('creating') : t('create')}
          </Button>
        </div>
      </form>
    </section>
  );
}
