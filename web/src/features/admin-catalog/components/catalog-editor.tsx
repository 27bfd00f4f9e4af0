import { isRecord } from '@studio/core';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FailureText } from '../../../components/ui/failure-text';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { useLangStore, useT } from '../../../lib/i18n';
import type { Lang, Translate } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import { useSubmit } from '../../../lib/use-submit';
import { adminMessages } from '../admin-messages';
import type { AdminKey } from '../admin-messages';
import type { AdminCatalogApi, CatalogCollection, WatchedNode } from '../api/admin-catalog-api';
import { emptyForm, fieldErrors, fromForm, plain, toForm } from '../form-fields';
import type { Field, FieldError, FormState } from '../form-fields';
import { FormInputs } from './form-inputs';
import './catalog-editor.css';

type Item = Record<string, unknown>;

export interface EditorConfig {
  collection: Exclude<CatalogCollection, 'shopProduct' | 'suscriptionPrices'>;
  node: WatchedNode;
  title: AdminKey;
  /** The same core schema `saveCatalogItem` parses with. */
  schema: z.ZodType;
  fields: readonly Field[];
  /** Values every item of this screen has (a package's kind), not shown in the form. */
  fixed?: Item;
  /** Which stored items this screen lists (packages of one kind). */
  include?: (item: Item) => boolean;
  /** Values computed from the typed ones (an event's start instant). */
  derive?: (value: Item) => Item;
  defaults?: FormState;
  /** Where an issue on the whole value (not one field) is shown. */
  rootIssue?: { field: string; key: AdminKey };
  /** The item's row in the list, and the name of its Edit button. */
  summary: (item: Item, context: SummaryContext) => string;
}

/** What a summary is written with: the screen's texts and the language they are in. */
export interface SummaryContext {
  t: Translate<AdminKey>;
  lang: Lang;
}

interface EditorProps {
  api: AdminCatalogApi;
  config: EditorConfig;
  /** 1 when this editor is the page, 2 when it is one section of it. */
  level?: 1 | 2;
}

interface ListedItem {
  id: string;
  item: Item;
  /** Stored but not what `saveCatalogItem` would write now: listed so an admin can fix it. */
  needsFixing: boolean;
}

/**
 * The collection's items parsed at the boundary with the screen's core schema, leniently: an item
 * that fails it (written before a rule changed, or by hand in the console) is still listed,
 * flagged, so it can be edited into shape or deleted instead of silently disappearing.
 */
export function listItems(value: unknown, config: Pick<EditorConfig, 'schema' | 'include'>) {
  if (!isRecord(value)) return [];
  const include = config.include ?? (() => true);
  return Object.entries(value)
    .flatMap(([id, item]): ListedItem[] =>
      isRecord(item) && include(item)
        ? [{ id, item, needsFixing: !config.schema.safeParse(item).success }]
        : [],
    )
    .sort(compareItems);
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The order an admin reads a catalogue in: their own display order, then by size (a pack's
 * credits: 5, 10, 20 — never "10, 20, 5" as the keys sort as text), then by name.
 */
export function compareItems(a: ListedItem, b: ListedItem): number {
  return (
    numberOr(a.item['order'], Infinity) - numberOr(b.item['order'], Infinity) ||
    numberOr(a.item['credits'], 0) - numberOr(b.item['credits'], 0) ||
    collator.compare(textOf(a.item['name']), textOf(b.item['name'])) ||
    collator.compare(a.id, b.id)
  );
}

/** A live list of one collection's items and a form to create, edit or delete one. */
export function CatalogEditor({ api, config, level = 1 }: EditorProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const at = useT(adminMessages);
  const lang = useLangStore((state) => state.lang);
  const summaryOf = (item: Item) => config.summary(item, { t: at, lang });
  const node = useLive<unknown>((onChange) => api.watch(config.node, onChange), null, [
    api,
    config.node,
  ]);
  const items = listItems(node, config);
  const [editing, setEditing] = useState<{ id?: string; form: FormState } | null>(null);
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const { busy, done, failure, run, clear } = useSubmit<AdminKey>();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // Each opening moves focus to the form's first field; Cancel gives it back to the opener.
  const [openings, setOpenings] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (openings === 0) return;
    formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [openings]);

  const open = (id: string | undefined, form: FormState) => {
    openerRef.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(id === undefined ? { form } : { id, form });
    setErrors({});
    clear();
    setConfirmingDelete(false);
    setOpenings((count) => count + 1);
  };

  const editingName = (id: string) => {
    const listed = items.find((entry) => entry.id === id);
    return listed ? summaryOf(listed.item) : id;
  };

  const cancel = () => {
    setEditing(null);
    if (openerRef.current?.isConnected) openerRef.current.focus();
  };

  const send = (id: string | undefined, value: unknown, outcome: AdminKey) =>
    run(async () => {
      const request = { collection: config.collection, value };
      await api.save(id === undefined ? request : { ...request, id });
      setEditing(null);
      return outcome;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const typed = { ...config.fixed, ...fromForm(config.fields, editing.form) };
    const candidate = config.derive ? config.derive(typed) : typed;
    const parsed = config.schema.safeParse(candidate);
    if (!parsed.success) {
      setErrors(fieldErrors(config.fields, parsed.error, config.rootIssue));
      return;
    }
    setErrors({});
    void send(editing.id, plain(parsed.data), 'saved');
  };

  return (
    <section aria-labelledby={`${config.collection}-title`} className="admin-section">
      <div className="ui-page-header">
        <Heading id={`${config.collection}-title`}>{at(config.title)}</Heading>
        <Button
          variant="secondary"
          onClick={() => open(undefined, emptyForm(config.fields, config.defaults))}
        >
          {at('newItem')}
        </Button>
      </div>
      {done && (
        <p role="status" className="form-success">
          {at(done)}
        </p>
      )}
      {items.length === 0 ? (
        <EmptyState title={at('empty')} />
      ) : (
        <ul className="ui-list catalog-items">
          {items.map(({ id, item, needsFixing }) => (
            <li key={id}>
              <span>
                <span>{summaryOf(item)}</span>
                {item['active'] === false && (
                  <>
                    {' '}
                    <Badge>({at('inactive')})</Badge>
                  </>
                )}
                {needsFixing && (
                  <>
                    {' '}
                    <Badge tone="danger">
                      <strong>({at('needsFixing')})</strong>
                    </Badge>
                  </>
                )}
              </span>
              <Button
                variant="ghost"
                size="s"
                aria-label={`${at('edit')} ${summaryOf(item)}`}
                onClick={() => open(id, toForm(config.fields, item))}
              >
                {at('edit')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <form
          ref={formRef}
          className="card ui-card ui-form admin-editor"
          aria-label={at(config.title)}
          onSubmit={submit}
          noValidate
        >
          <div className="ui-form-grid">
            <FormInputs
              fields={config.fields}
              form={editing.form}
              errors={errors}
              onChange={(name, value) =>
                setEditing({ ...editing, form: { ...editing.form, [name]: value } })
              }
              upload={api.uploadPicture}
            />
          </div>
          <FailureText failure={failure} />
          <div className="ui-actions">
            <Button type="submit" busy={busy}>
              {busy ? at('saving') : at('save')}
            </Button>
            <Button variant="ghost" onClick={cancel}>
              {at('cancel')}
            </Button>
            {editing.id !== undefined && (
              <Button
                variant="quiet-danger"
                disabled={busy}
                aria-haspopup="dialog"
                onClick={() => setConfirmingDelete(true)}
              >
                {at('delete')}
              </Button>
            )}
          </div>
          {confirmingDelete && editing.id !== undefined && (
            <ConfirmDialog
              title={at('deleteTitle', { name: editingName(editing.id) })}
              message={at('deleteText')}
              keepLabel={at('keepItem')}
              confirmLabel={at('delete')}
              onKeep={() => setConfirmingDelete(false)}
              onConfirm={() => {
                setConfirmingDelete(false);
                void send(editing.id, null, 'deleted');
              }}
            />
          )}
        </form>
      )}
    </section>
  );
}
