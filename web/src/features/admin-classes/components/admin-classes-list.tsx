import { addDays, classSchema, formatDate, updateClassInput } from '@studio/core';
import type { ClassPhase } from '@studio/core';
import { ActionMenu } from '../../../components/ui/action-menu';
import { Badge } from '../../../components/ui/badge';
import type { BadgeTone } from '../../../components/ui/badge';
import { useFormat } from '../../../lib/format';
import type { ClassFilters, EditState } from '../admin-classes-view';
import {
  adminClassDays,
  classChanges,
  editState,
  titleOf,
  validRange,
} from '../admin-classes-view';
import { DateInput } from '../../../components/ui/date-input';
import { EmptyState } from '../../../components/ui/empty-state';
import type { StudioClass, UpdateClassInput } from '@studio/core';
import type { FormEvent } from 'react';
import { useId, useMemo, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { callableErrorText } from '../../../lib/callable-errors';
import type { ErrorText } from '../../../lib/callable-errors';
import { useT } from '../../../lib/i18n';
import { usePagedQuery } from '../../../lib/paged-query';
import { parseEntries } from '../../../lib/realtime';
import type { AdminClassesApi, ClassCatalog } from '../api/admin-classes-api';
import { CLASS_PAGE_SIZE, adminClassesQuery } from '../class-list-query';
import type { FieldErrors } from '../class-form';
import { fieldErrorsOf } from '../class-form';
import { classesMessages } from '../classes-messages';
import { Field } from './class-fields';
import { useClassCatalog } from './use-catalog';
import './admin-classes.css';
import { FailureText } from '../../../components/ui/failure-text';
import { NameOptions } from '../../../components/ui/name-options';

/** The list opens on the next two weeks: what an admin usually adjusts. */
const DEFAULT_DAYS = 13;

function EditClassDialog({
  api,
  classId,
  cls,
  catalog,
  onClose,
}: {
  api: AdminClassesApi;
  classId: string;
  cls: StudioClass;
  catalog: ClassCatalog;
  onClose: (saved: boolean) => void;
}) {
  const t = useT(classesMessages);
  const format = useFormat();
  const base = useId();
  const [state, setState] = useState(() => editState(cls));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof EditState, value: string) => setState({ ...state, [field]: value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const value = { classId, ...classChanges(cls, state) };
    const parsed = updateClassInput.safeParse(value);
    const fieldErrors: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error, value);
    for (const [field, entry] of Object.entries(value))
      if (entry === '') fieldErrors[field] = { key: 'fieldRequired' };
    const capacity = Number(state.capacity);
    if (fieldErrors['capacity'] === undefined && capacity < cls.bookedCount)
      fieldErrors['capacity'] = { key: 'capacityBelow', params: { booked: cls.bookedCount } };
    setErrors(fieldErrors);
    if (!parsed.success || Object.keys(fieldErrors).length > 0) return;
    setBusy(true);
    try {
      await api.updateClass(parsed.data satisfies UpdateClassInput);
      onClose(true);
    } catch (error) {
      setFailure(callableErrorText(error));
      setBusy(false);
    }
  }

  const titleId = `${base}-title`;
  const input = (
    field: 'name' | 'hour' | 'duration' | 'capacity',
    label: 'name' | 'hour' | 'duration' | 'capacity',
  ) => (
    <Field id={`${base}-${field}`} label={t(label)} error={errors[field]}>
      {(common) => (
        <input
          {...common}
          type={field === 'hour' ? 'time' : field === 'name' ? 'text' : 'number'}
          value={state[field]}
          onChange={(event) => set(field, event.target.value)}
        />
      )}
    </Field>
  );
  const select = (field: 'exercise' | 'coach') => (
    <Field id={`${base}-${field}`} label={t(field)} error={errors[field]}>
      {(common) => (
        <select
          {...common}
          value={state[field]}
          onChange={(event) => set(field, event.target.value)}
        >
          {Object.entries<{ name: string }>(
            field === 'coach' ? catalog.coaches : catalog.exercises,
          ).map(([id, item]) => (
            <option key={id} value={id}>
              {item.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <Dialog labelledBy={titleId} onDismiss={() => onClose(false)}>
      <form aria-labelledby={titleId} onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId}>
          {t('editTitle', {
            title: `${titleOf(cls, catalog)} · ${format.date(cls.date)} ${cls.hour}`,
          })}
        </h2>
        {input('hour', 'hour')}
        {input('duration', 'duration')}
        {select('exercise')}
        {select('coach')}
        {input('capacity', 'capacity')}
        {input('name', 'name')}
        <FailureText failure={failure} />
        <div className="dialog-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t('working') : t('save')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => onClose(false)}>
            {t('close')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function CancelClassDialog({
  api,
  classId,
  title,
  onClose,
}: {
  api: AdminClassesApi;
  classId: string;
  title: string;
  onClose: (refunded: number | null) => void;
}) {
  const t = useT(classesMessages);
  const base = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      const { refunded } = await api.cancelClass({ classId, reason: reason.trim() });
      onClose(refunded);
    } catch (error) {
      setFailure(callableErrorText(error));
      setBusy(false);
    }
  }

  const titleId = `${base}-title`;
  const textId = `${base}-text`;
  return (
    <Dialog
      role="alertdialog"
      labelledBy={titleId}
      describedBy={textId}
      onDismiss={() => onClose(null)}
    >
      <form aria-labelledby={titleId} onSubmit={(event) => void confirm(event)} noValidate>
        <h2 id={titleId}>{t('cancelTitle', { title })}</h2>
        <p id={textId}>{t('cancelText')}</p>
        <Field
          id={`${base}-reason`}
          label={t('reason')}
          error={missing ? { key: 'fieldRequired' } : undefined}
        >
          {(common) => (
            <textarea
              {...common}
              maxLength={200}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
        <FailureText failure={failure} />
        <div className="dialog-actions">
          <button type="submit" className="button button-danger" disabled={busy}>
            {busy ? t('working') : t('confirmCancel')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            data-autofocus
            onClick={() => onClose(null)}
          >
            {t('keepClass')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Who teaches the class: another coach (`assignSubstitute`), or its own again. The server tells
 * the members booked (in the app and by mail) and their views and calendars name the coach.
 */
function SubstituteDialog({
  api,
  classId,
  cls,
  title,
  catalog,
  onClose,
}: {
  api: AdminClassesApi;
  classId: string;
  cls: StudioClass;
  title: string;
  catalog: ClassCatalog;
  onClose: (done: { coach: string; notified: number } | null) => void;
}) {
  const t = useT(classesMessages);
  const base = useId();
  const teaching = cls.substitute ?? cls.coach;
  const others = Object.entries(catalog.coaches).filter(([id]) => id !== teaching);
  const [chosen, setChosen] = useState(others[0]?.[0] ?? '');
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const [busy, setBusy] = useState(false);
  const nameOf = (id: string) =>
    (Object.hasOwn(catalog.coaches, id) ? catalog.coaches[id]?.name : undefined) ?? id;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen === '') return;
    setFailure(null);
    setBusy(true);
    try {
      const { notified } = await api.assignSubstitute({
        classId,
        coachId: chosen === cls.coach ? null : chosen,
      });
      onClose({ coach: nameOf(chosen), notified });
    } catch (error) {
      setFailure(callableErrorText(error));
      setBusy(false);
    }
  }

  const titleId = `${base}-title`;
  const textId = `${base}-text`;
  return (
    <Dialog labelledBy={titleId} describedBy={textId} onDismiss={() => onClose(null)}>
      <form aria-labelledby={titleId} onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId}>{t('substituteTitle', { title })}</h2>
        <p id={textId}>{t('substituteText')}</p>
        <Field id={`${base}-teacher`} label={t('teacher')} error={undefined}>
          {(common) => (
            <select {...common} value={chosen} onChange={(event) => setChosen(event.target.value)}>
              {others.map(([id, coach]) => (
                <option key={id} value={id}>
                  {id === cls.coach ? t('ownCoach', { name: coach.name }) : coach.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <FailureText failure={failure} />
        <div className="dialog-actions">
          <button type="submit" className="button button-primary" disabled={busy || chosen === ''}>
            {busy ? t('working') : t('assign')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => onClose(null)}>
            {t('close')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

type Open = { kind: 'edit' | 'cancel' | 'substitute'; classId: string } | null;

const PHASE_TONES: Record<ClassPhase, BadgeTone> = {
  upcoming: 'neutral',
  'in-progress': 'primary',
  ended: 'neutral',
  cancelled: 'danger',
};

const PHASE_KEYS = {
  upcoming: 'phaseUpcoming',
  'in-progress': 'phaseInProgress',
  ended: 'phaseEnded',
  cancelled: 'statusCancelled',
} as const;

/**
 * admin-clases: the classes in a date range, by branch and coach; edit or cancel each. A branch
 * manager (`branchScope`) sees and edits their branch's classes only.
 */
export function AdminClassesList({
  api,
  branchScope = null,
}: {
  api: AdminClassesApi;
  /** The branch a branch manager's account is scoped to; null = the chain. */
  branchScope?: string | null;
}) {
  const t = useT(classesMessages);
  const base = useId();
  const catalog = useClassCatalog(api, branchScope);
  // The screen's clock is read once, when it opens.
  const [now] = useState(() => Date.now());
  const today = formatDate(now);
  const format = useFormat();
  const [chosen, setFilters] = useState<ClassFilters>({
    from: today,
    to: addDays(today, DEFAULT_DAYS),
    branch: '',
    coach: '',
  });
  // A branch manager's list is their branch's, whenever their scope arrives.
  const filters = branchScope === null ? chosen : { ...chosen, branch: branchScope };
  const rangeOk = validRange(filters);
  const page = usePagedQuery(
    rangeOk
      ? (limit, onChange) =>
          api.watchClassesPage(adminClassesQuery(filters.from, filters.to), limit, onChange)
      : null,
    CLASS_PAGE_SIZE,
    [api, filters.from, filters.to, rangeOk],
  );
  const classes: Record<string, StudioClass> = useMemo(
    () => parseEntries(page.value, (entry) => classSchema.safeParse(entry), 'class'),
    [page.value],
  );
  const [open, setOpen] = useState<Open>(null);
  const [status, setStatus] = useState<string | null>(null);

  if (!catalog) {
    return (
      <section aria-labelledby={`${base}-title`}>
        <h1 id={`${base}-title`}>{t('listTitle')}</h1>
        <p role="status">{t('working')}</p>
      </section>
    );
  }
  const days = adminClassDays(classes, catalog, filters, now);
  const openClass = open ? classes[open.classId] : undefined;
  const openTitle = openClass
    ? `${titleOf(openClass, catalog)} · ${format.date(openClass.date)} ${openClass.hour}`
    : '';
  const titleId = `${base}-title`;
  return (
    <section aria-labelledby={titleId} className="admin-page admin-classes">
      <h1 id={titleId}>{t('listTitle')}</h1>
      <fieldset className="card ui-form ui-form-grid ui-form-pairs admin-filters">
        <legend className="visually-hidden">{t('filters')}</legend>
        {(['from', 'to'] as const).map((field) => (
          <Field
            key={field}
            id={`${base}-${field}`}
            label={t(field === 'to' ? 'until' : 'from')}
            error={undefined}
          >
            {(common) => (
              <DateInput
                {...common}
                value={filters[field]}
                onChange={(value) => setFilters({ ...filters, [field]: value })}
              />
            )}
          </Field>
        ))}
        <Field id={`${base}-branch`} label={t('branch')} error={undefined}>
          {(common) => (
            <select
              {...common}
              value={filters.branch}
              onChange={(event) => setFilters({ ...filters, branch: event.target.value })}
            >
              {branchScope === null && <option value="">{t('allBranches')}</option>}
              <NameOptions items={catalog.branches} order="stored" />
            </select>
          )}
        </Field>
        {/* Alike the branch filter by shape only: another catalogue, label and filter field. */}
        <Field id={`${base}-coach`} label={t('coach')} error={undefined}>
          {(common) => (
            <select
              {...common}
              value={filters.coach}
              onChange={(event) => setFilters({ ...filters, coach: event.target.value })}
            >
              <option value="">{t('allCoaches')}</option>
              <NameOptions items={catalog.coaches} order="stored" />
            </select>
          )}
        </Field>
      </fieldset>
      {status && (
        <p role="status" className="form-success">
          {status}
        </p>
      )}
      {days.length === 0 ? (
        <EmptyState title={t('noClasses')} />
      ) : (
        days.map((day) => (
          <section
            key={day.date}
            className="admin-class-day"
            aria-labelledby={`${base}-${day.date}`}
          >
            <h2 id={`${base}-${day.date}`} className="admin-class-day-title">
              {format.heading(day.date)}
            </h2>
            <ul className="admin-class-list">
              {day.rows.map((row) => {
                const { classId, cls, title } = row;
                const label = `${title} ${cls.date} ${cls.hour}`;
                return (
                  <li key={classId} aria-label={label} className="admin-class-row">
                    <span className="admin-class-time">{cls.hour}</span>
                    <span className="admin-class-what">
                      <strong>{title}</strong>
                      <span className="admin-class-meta">
                        {row.substituteName === undefined
                          ? row.coachName
                          : t('substituting', {
                              substitute: row.substituteName,
                              coach: row.coachName,
                            })}{' '}
                        · {row.branchName}
                      </span>
                    </span>
                    <span className="admin-class-fill">
                      <span className="admin-class-counts">
                        {t('booked', { booked: cls.bookedCount, capacity: cls.capacity })}
                        {cls.waitlistCount > 0 &&
                          ` · ${t('waiting', { count: cls.waitlistCount })}`}
                      </span>
                      {row.phase !== 'cancelled' && (
                        <span className="admin-class-bar" aria-hidden="true">
                          <span style={{ inlineSize: `${Math.round(row.fill * 100)}%` }} />
                        </span>
                      )}
                    </span>
                    <span className="admin-class-status">
                      {row.phase !== 'upcoming' && (
                        <Badge tone={PHASE_TONES[row.phase]}>{t(PHASE_KEYS[row.phase])}</Badge>
                      )}
                      {row.substituteName !== undefined && row.phase !== 'cancelled' && (
                        <Badge tone="primary">{t('substituteBadge')}</Badge>
                      )}
                    </span>
                    <span className="admin-class-actions">
                      {row.actionable && (
                        <button
                          type="button"
                          className="button button-secondary button-s"
                          aria-label={`${t('edit')} ${label}`}
                          onClick={() => setOpen({ kind: 'edit', classId })}
                        >
                          {t('edit')}
                        </button>
                      )}
                      {row.substitutable && (
                        <ActionMenu
                          label={t('moreActions', { title: label })}
                          items={[
                            {
                              label: t('substitute'),
                              name: `${t('substitute')} ${label}`,
                              onSelect: () => setOpen({ kind: 'substitute', classId }),
                            },
                            ...(row.actionable
                              ? [
                                  {
                                    label: t('cancelClass'),
                                    name: `${t('cancelClass')} ${label}`,
                                    danger: true,
                                    onSelect: () => setOpen({ kind: 'cancel', classId }),
                                  },
                                ]
                              : []),
                          ]}
                        />
                      )}
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}
      {page.hasMore && (
        <button type="button" className="button button-secondary" onClick={page.loadMore}>
          {t('loadMoreClasses')}
        </button>
      )}
      {open?.kind === 'edit' && openClass && (
        <EditClassDialog
          api={api}
          classId={open.classId}
          cls={openClass}
          catalog={catalog}
          onClose={(saved) => {
            setOpen(null);
            setStatus(saved ? t('saved') : null);
          }}
        />
      )}
      {open?.kind === 'substitute' && openClass && (
        <SubstituteDialog
          api={api}
          classId={open.classId}
          cls={openClass}
          catalog={catalog}
          title={openTitle}
          onClose={(done) => {
            setOpen(null);
            setStatus(
              done === null
                ? null
                : t('substituteAssigned', {
                    coach: done.coach,
                    title: openTitle,
                    count: done.notified,
                  }),
            );
          }}
        />
      )}
      {open?.kind === 'cancel' && openClass && (
        <CancelClassDialog
          api={api}
          classId={open.classId}
          title={`${titleOf(openClass, catalog)} ${openClass.date} ${openClass.hour}`}
          onClose={(refunded) => {
            setOpen(null);
            setStatus(refunded === null ? null : t('cancelled', { count: refunded }));
          }}
        />
      )}
    </section>
  );
}
