/**
 * plantilla-date: a named weekly template, one row per class of the week, saved at
 * `ClassTemplates/{id}` and applied to a date range through `createClasses`
 * (docs/architecture/admin-and-audit.md#classes).
 */
import { z } from 'zod';
import { creditKindSchema, keySchema } from './common';
import { MAX_CLASS_CAPACITY } from './classes';
import { MAX_GUESTS_PER_MEMBER } from '../settings';
import { isoWeekdaySchema } from './inputs';
import { hourSchema } from '../time';

export const MAX_TEMPLATE_ROWS = 60;

/** One class of the week: the `createClasses` fields plus its ISO weekday (1 = Monday). */
export const classTemplateRowSchema = z
  .strictObject({
    weekday: isoWeekdaySchema,
    hour: hourSchema,
    /** Minutes. */
    duration: z.number().int().min(5).max(600),
    branch: keySchema,
    exercise: keySchema,
    coach: keySchema,
    layout: keySchema.optional(),
    /** Defaults to the layout's usable spots; required without a layout. */
    capacity: z.number().int().min(1).max(MAX_CLASS_CAPACITY).optional(),
    creditKind: creditKindSchema.default('regular'),
    name: z.string().trim().min(1).max(100).optional(),
    /** Guest seats per member in these classes; absent: the studio's `guestsPerMember`. */
    guestsPerMember: z.number().int().min(0).max(MAX_GUESTS_PER_MEMBER).optional(),
  })
  .superRefine((row, ctx) => {
    if (row.layout === undefined && row.capacity === undefined)
      ctx.addIssue({ code: 'custom', path: ['capacity'], message: 'required without a layout' });
  });
export type ClassTemplateRow = z.infer<typeof classTemplateRowSchema>;

export const classTemplateSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  rows: z.array(classTemplateRowSchema).min(1).max(MAX_TEMPLATE_ROWS),
  updatedAt: z.number().int().min(0).optional(),
  updatedBy: z.string().max(128).optional(),
});
export type ClassTemplate = z.infer<typeof classTemplateSchema>;

/** `saveClassTemplate`: `template: null` deletes `id`; without `id` a new template is made. */
export const saveClassTemplateInput = z
  .strictObject({
    id: keySchema.optional(),
    template: classTemplateSchema.omit({ updatedAt: true, updatedBy: true }).nullable(),
  })
  .superRefine((input, ctx) => {
    if (input.template === null && input.id === undefined)
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'required to delete' });
  });
export type SaveClassTemplateInput = z.infer<typeof saveClassTemplateInput>;
