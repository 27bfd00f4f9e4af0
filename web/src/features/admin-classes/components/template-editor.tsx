import { expandRepeat, formatDate, isDateString } from '@studio/core';
import { DateInput } from '../../../components/ui/date-input';
import { FailureText } from '../../../components/ui/failure-text';
import type { ClassTemplate, ClassTemplateRow } from '@studio/core';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { callableErrorText } from '../../../lib/callable-errors';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import { useSubmit } from '../../../lib/use-submit';
import type { AdminClassesApi } from '../api/admin-classes-api';
import type { FieldErrors, TemplateRowState } from '../class-form';
import { EMPTY_CLASS_FIELDS, WEEKDAYS, rowState, templateRow } from '../class-form';
import { classesMessages } from '../classes-messages';
import { ClassFields, Field } from './class-fields';
import { weekdayKey } from './create-classes-form';
import { useClassCatalog } from './use-catalog';
import { NameOptions } from '../../../components/ui/name-options';

const NEW = '';

function newRow(): TemplateRowState {
  return { ...EMPTY_CLASS_FIELDS, weekday: 1 };
}

/** Every row parsed, or each row's errors (an empty object for a good row). */
function checkRows(rows: readonly TemplateRowState[]) {
  const checked = rows.map(templateRow);
  const good: ClassTemplateRow[] = [];
  for (const row of checked) if (row.ok) good.push(row.value);
  return {
    rows: good.length === rows.length ? good : null,
    errors: checked.map((row): FieldErrors => (row.ok ? {} : row.errors)),
  };
}

/**
 * plantilla-date: a week of classes kept as a named template
 * (docs/architecture/admin-and-audit.md#classes) and applied to a
 * date range, each row becoming a weekly series through `createClasses`.
 */
export function TemplateEditor({ api }: { api: AdminClassesApi }) {
  const t = useT(classesMessages);
  const tp = useT();
  const base = useId();
  const catalog = useClassCatalog(api);
  const templates = useLive<Record<string, ClassTemplate>>(
    (onChange) => api.watchTemplates(onChange),
    {},
    [api],
  );
  const [today] = useState(() => formatDate(Date.now()));
  const [templateId, setTemplateId] = useState(NEW);
  const [name, setName] = useState('');
  const [rows, setRows] = useState<TemplateRowState[]>([newRow()]);
  const [range, setRange] = useState({ from: today, until: today });
  const [errors, setErrors] = useState<{ name?: boolean; rows: FieldErrors[]; range: FieldErrors }>(
    { rows: [], range: {} },
  );
  const submission = useSubmit<string>();
  const { busy, failure } = submission;
  // The rows' own check refused to apply them: said where a call's outcome is said.
  const [rowsInvalid, setRowsInvalid] = useState(false);
  const status = submission.done ?? (rowsInvalid ? t('rowsInvalid') : null);

  function load(id: string) {
    setTemplateId(id);
    submission.clear();
    setRowsInvalid(false);
    setErrors({ rows: [], range: {} });
    const template = templates[id];
    setName(template?.name ?? '');
    setRows(template ? template.rows.map(rowState) : [newRow()]);
  }

  const setRow = (index: number, next: TemplateRowState) =>
    setRows(rows.map((row, at) => (at === index ? next : row)));

  const rangeOk =
    isDateString(range.from) && isDateString(range.until) && range.from <= range.until;
  const count = rangeOk
    ? rows.reduce(
        (total, row) =>
          total +
          expandRepeat({ from: range.from, until: range.until, weekdays: [row.weekday] }).length,
        0,
      )
    : 0;

  function run(action: () => Promise<string>) {
    setRowsInvalid(false);
    return submission.run(action);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    const checked = checkRows(rows);
    const nameMissing = name.trim() === '';
    setErrors({ name: nameMissing, rows: checked.errors, range: {} });
    if (nameMissing || !checked.rows) return;
    const template = { name: name.trim(), rows: checked.rows };
    void run(async () => {
      const { id } = await api.saveTemplate(
        templateId === NEW ? { template } : { id: templateId, template },
      );
      setTemplateId(id);
      return t('templateSaved');
    });
  }

  function remove() {
    if (templateId === NEW) return;
    void run(async () => {
      await api.saveTemplate({ id: templateId, template: null });
      load(NEW);
      return t('templateDeleted');
    });
  }

  function apply() {
    const checked = checkRows(rows);
    const rangeErrors: FieldErrors = {};
    if (!isDateString(range.from)) rangeErrors['from'] = { key: 'fieldRequired' };
    if (!isDateString(range.until)) rangeErrors['until'] = { key: 'fieldRequired' };
    else if (range.until < range.from) rangeErrors['until'] = { key: 'untilBeforeFrom' };
    setErrors({ rows: checked.errors, range: rangeErrors });
    const good = checked.rows;
    if (!good || Object.keys(rangeErrors).length > 0) {
      submission.clear();
      setRowsInvalid(!good);
      return;
    }
    void run(async () => {
      let created = 0;
      for (const [index, { weekday, ...fields }] of good.entries()) {
        try {
          const { classIds } = await api.createClasses({
            ...fields,
            repeat: { from: range.from, until: range.until, weekdays: [weekday] },
          });
          created += classIds.length;
        } catch (error) {
          // Earlier rows are already created: say exactly how far it got
          // (docs/architecture/admin-and-audit.md#classes).
          const text = callableErrorText(error);
          return t('appliedPartly', {
            count: created,
            n: index + 1,
            error: tp(text.key, text.params),
          });
        }
      }
      return t('applied', { count: created });
    });
  }

  // Same shape as create-classes-form's loading state, but each page has its own title.
  if (!catalog) {
    return (
      <section aria-labelledby={`${base}-title`}>
        <h1 id={`${base}-title`}>{t('templateTitle')}</h1>
        <p role="status">{t('working')}</p>
      </section>
    );
  }
  const titleId = `${base}-title`;
  return (
    <section aria-labelledby={titleId} className="admin-page">
      <h1 id={titleId}>{t('templateTitle')}</h1>
      <Field id={`${base}-pick`} label={t('templates')} error={undefined}>
        {(common) => (
          <select {...common} value={templateId} onChange={(event) => load(event.target.value)}>
            <option value={NEW}>{t('newTemplate')}</option>
            <NameOptions items={templates} order="stored" />
          </select>
        )}
      </Field>
      <form className="card ui-card ui-form" aria-labelledby={titleId} onSubmit={save} noValidate>
        <Field
          id={`${base}-name`}
          label={t('templateName')}
          error={errors.name ? { key: 'fieldRequired' } : undefined}
        >
          {(common) => (
            <input {...common} value={name} onChange={(event) => setName(event.target.value)} />
          )}
        </Field>
        {rows.map((row, index) => (
          <fieldset key={index} className="template-row ui-form-section">
            <legend className="ui-form-section-title">{t('row', { n: index + 1 })}</legend>
            <Field id={`${base}-weekday-${index}`} label={t('weekday')} error={undefined}>
              {(common) => (
                <select
                  {...common}
                  value={row.weekday}
                  onChange={(event) =>
                    setRow(index, { ...row, weekday: Number(event.target.value) })
                  }
                >
                  {WEEKDAYS.map((weekday) => (
                    <option key={weekday} value={weekday}>
                      {t(weekdayKey(weekday))}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <ClassFields
              value={row}
              errors={errors.rows[index] ?? {}}
              catalog={catalog}
              onChange={(next) => setRow(index, { ...next, weekday: row.weekday })}
            />
            {rows.length > 1 && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setRows(rows.filter((_, at) => at !== index))}
              >
                {t('removeRow', { n: index + 1 })}
              </button>
            )}
          </fieldset>
        ))}
        <div className="ui-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setRows([...rows, newRow()])}
          >
            {t('addRow')}
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('saveTemplate')}
          </button>
          {templateId !== NEW && (
            <button type="button" className="button button-danger" disabled={busy} onClick={remove}>
              {t('deleteTemplate')}
            </button>
          )}
        </div>
      </form>
      <fieldset className="card ui-card ui-form ui-form-section">
        <legend className="ui-form-section-title">{t('applyTemplate')}</legend>
        <Field id={`${base}-from`} label={t('from')} error={errors.range['from']}>
          {(common) => (
            <DateInput
              {...common}
              value={range.from}
              onChange={(from) => setRange({ ...range, from })}
            />
          )}
        </Field>
        <Field id={`${base}-until`} label={t('until')} error={errors.range['until']}>
          {(common) => (
            <DateInput
              {...common}
              value={range.until}
              onChange={(until) => setRange({ ...range, until })}
            />
          )}
        </Field>
        <p aria-live="polite">{rangeOk && t('preview', { count })}</p>
        <div className="ui-actions">
          <button type="button" className="button button-primary" disabled={busy} onClick={apply}>
            {t('applyTemplate')}
          </button>
        </div>
      </fieldset>
      <FailureText failure={failure} />
      {status && (
        <p role="status" className="form-success">
          {status}
        </p>
      )}
    </section>
  );
}
