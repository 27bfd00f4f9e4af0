import { formatDate, seatLayoutSchema, usableSpots } from '@studio/core';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { byName } from '../../../components/ui/name-options';
import type { SeatLayout } from '@studio/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { callableErrorText } from '../../../lib/callable-errors';
import type { ErrorText } from '../../../lib/callable-errors';
import { useT } from '../../../lib/i18n';
import { parseEntries } from '../../../lib/realtime';
import { useLive } from '../../../lib/use-live';
import type { SeatLayoutsApi } from '../api/seat-layouts-api';
import { emptyLayout } from '../layout-edits';
import { layoutIssues } from '../layout-issues';
import { spotsMessages } from '../spots-messages';
import type { SpotsKey } from '../spots-messages';
import { LayoutCanvas } from './layout-canvas';
import './admin-spots.css';
import { FailureText } from '../../../components/ui/failure-text';

interface Editing {
  id?: string;
  draft: SeatLayout;
}

export interface SeatLayoutEditorProps {
  api: SeatLayoutsApi;
  /** The clock: classes from today (studio time) on keep a layout from being deleted. */
  now: () => number;
}

function sizeValue(value: string): number {
  return value === '' ? Number.NaN : Number(value);
}

/** admin-spot: the studio's seat layouts, and an editor for one of them on its grid. */
export function SeatLayoutEditor({ api, now }: SeatLayoutEditorProps) {
  const st = useT(spotsMessages);
  const node = useLive<unknown>((onChange) => api.watchLayouts(onChange), null, [api]);
  const layouts = byName(
    parseEntries(node, (entry) => seatLayoutSchema.safeParse(entry), 'seat layout'),
  );
  const [editing, setEditing] = useState<Editing | null>(null);
  const [issues, setIssues] = useState<string[]>([]);
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<SpotsKey | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const open = (next: Editing | null) => {
    setEditing(next);
    setConfirmingDelete(false);
    setIssues([]);
    setFailure(null);
    setRefusal(null);
    setDone(null);
  };

  const change = (draft: SeatLayout) => {
    if (editing) setEditing({ ...editing, draft });
  };

  const send = async (id: string | undefined, value: SeatLayout | null, outcome: SpotsKey) => {
    setBusy(true);
    setFailure(null);
    setRefusal(null);
    try {
      const saved = await api.saveLayout(id, value);
      setDone(outcome);
      setEditing(value === null ? null : { id: saved.id, draft: value });
    } catch (error) {
      setFailure(callableErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const parsed = seatLayoutSchema.safeParse(editing.draft);
    if (!parsed.success) {
      setIssues(layoutIssues(editing.draft, parsed.error, st));
      setDone(null);
      return;
    }
    setIssues([]);
    void send(editing.id, parsed.data, 'saved');
  };

  const remove = async (id: string) => {
    setConfirmingDelete(false);
    setBusy(true);
    try {
      const used = await api.countUpcomingClasses(id, formatDate(now()));
      if (used > 0) {
        setRefusal(st('layoutInUse', { count: used }));
        return;
      }
    } catch (error) {
      setFailure(callableErrorText(error));
      return;
    } finally {
      setBusy(false);
    }
    await send(id, null, 'deleted');
  };

  return (
    <section aria-labelledby="admin-spot-title" className="admin-spots admin-page">
      <h1 id="admin-spot-title">{st('title')}</h1>
      <p className="ui-muted">{st('reuseNote')}</p>
      {done && (
        <p role="status" className="form-success">
          {st(done)}
        </p>
      )}
      <div className="ui-page-header">
        <h2>{st('layouts')}</h2>
        <Button variant="secondary" onClick={() => open({ draft: emptyLayout() })}>
          {st('newLayout')}
        </Button>
      </div>
      {layouts.length === 0 ? (
        <EmptyState title={st('noLayouts')} />
      ) : (
        <ul className="layout-list ui-list">
          {layouts.map(([id, layout]) => (
            <li key={id}>
              <span>
                {st('layoutSummary', { name: layout.name, spots: usableSpots(layout).length })}
              </span>{' '}
              <Button
                variant="ghost"
                size="s"
                aria-label={st('editLayout', { name: layout.name })}
                aria-current={editing?.id === id ? 'true' : undefined}
                onClick={() => open({ id, draft: layout })}
              >
                {st('edit')}
              </Button>
            </li>
          ))}
        </ul>
      )}

      {editing && (
        <form
          aria-label={editing.draft.name || st('newLayout')}
          onSubmit={submit}
          noValidate
          className="layout-form card ui-card ui-form admin-editor"
        >
          <div className="layout-fields ui-form-grid">
            <label>
              {st('layoutName')}
              <input
                value={editing.draft.name}
                maxLength={100}
                onChange={(event) => change({ ...editing.draft, name: event.target.value })}
              />
            </label>
            <label>
              {st('rows')}
              <input
                type="number"
                min={1}
                max={50}
                value={Number.isNaN(editing.draft.rows) ? '' : editing.draft.rows}
                onChange={(event) =>
                  change({ ...editing.draft, rows: sizeValue(event.target.value) })
                }
              />
            </label>
            {/* Alike the rows field by shape only; a helper would save little and hide the field. */}
            <label>
              {st('cols')}
              <input
                type="number"
                min={1}
                max={50}
                value={Number.isNaN(editing.draft.cols) ? '' : editing.draft.cols}
                onChange={(event) =>
                  change({ ...editing.draft, cols: sizeValue(event.target.value) })
                }
              />
            </label>
          </div>
          {/* A fresh cursor and selection for each layout opened. */}
          <LayoutCanvas key={editing.id ?? 'new'} layout={editing.draft} onChange={change} />
          {issues.length > 0 && (
            <div role="alert" className="form-error">
              <p>{st('errorsTitle')}</p>
              <ul>
                {issues.map((issue) => (
                  <li key={issue}>{issue}</li>
                ))}
              </ul>
            </div>
          )}
          <FailureText failure={failure} />
          {refusal && (
            <p role="alert" className="form-error">
              {refusal}
            </p>
          )}
          <div className="layout-actions ui-actions">
            <Button type="submit" busy={busy}>
              {busy ? st('saving') : st('save')}
            </Button>
            <Button variant="ghost" onClick={() => open(null)}>
              {st('cancel')}
            </Button>
            {editing.id !== undefined && (
              <Button
                variant="quiet-danger"
                disabled={busy}
                aria-haspopup="dialog"
                onClick={() => setConfirmingDelete(true)}
              >
                {st('deleteLayout')}
              </Button>
            )}
          </div>
          {confirmingDelete && editing.id !== undefined && (
            <ConfirmDialog
              title={st('deleteLayoutTitle', { name: editing.draft.name })}
              message={st('deleteLayoutText')}
              keepLabel={st('keepLayout')}
              confirmLabel={st('deleteLayout')}
              onKeep={() => setConfirmingDelete(false)}
              onConfirm={() => editing.id !== undefined && void remove(editing.id)}
            />
          )}
        </form>
      )}
    </section>
  );
}
