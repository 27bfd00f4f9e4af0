import { DomainError, classTemplateSchema, paths } from '@studio/core';
import type { AuditEntry, SaveClassTemplateInput } from '@studio/core';
import { newId } from '../../engine';
import type { BookingDeps } from '../../engine';

export interface SaveClassTemplateCommand {
  by: string;
  input: SaveClassTemplateInput;
}

export interface SaveClassTemplateOutcome {
  id: string;
  auditId: string;
}

/**
 * `saveClassTemplate` (admins, plantilla-date): creates, replaces or deletes a weekly template
 * at `ClassTemplates/{id}` with an audit entry holding it before and after, in one update
 * (docs/architecture/admin-and-audit.md#classes). Deleting a template that is not there is
 * `not-found` and writes nothing.
 */
export async function saveClassTemplate(
  { db, now }: Pick<BookingDeps, 'db' | 'now'>,
  { by, input }: SaveClassTemplateCommand,
): Promise<SaveClassTemplateOutcome> {
  const id = input.id ?? newId(db);
  const target = paths.classTemplate(id);
  const before = (await db.ref(target).get()).val() as unknown;
  if (input.template === null && before === null) throw new DomainError('not-found', 'notFound');
  const nowMs = now();
  const after =
    input.template === null
      ? null
      : (JSON.parse(
          JSON.stringify(
            classTemplateSchema.parse({ ...input.template, updatedAt: nowMs, updatedBy: by }),
          ),
        ) as unknown);
  const details: Record<string, unknown> = {};
  if (before !== null) details['before'] = before;
  if (after !== null) details['after'] = after;
  const entry: AuditEntry = {
    at: nowMs,
    by,
    action: after === null ? 'deleteClassTemplate' : 'saveClassTemplate',
    target,
    details,
  };
  const auditId = newId(db);
  await db.ref().update({ [target]: after, [paths.auditEntry(auditId)]: entry });
  return { id, auditId };
}
