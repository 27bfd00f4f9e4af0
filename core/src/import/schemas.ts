/**
 * The import's stored records and the callables' inputs (docs/architecture/import.md).
 */
import { z } from 'zod';
import { epochMsSchema, keySchema, rtdbMap } from '../schemas/common';
import { dateSchema, hourSchema } from '../time';
import {
  DATE_ORDERS,
  ENTITY_FIELDS,
  IMPORT_ENTITIES,
  IMPORT_SOURCES,
  ROW_OUTCOMES,
  ROW_REASONS,
  VISIT_STATUSES,
  type RowOutcome,
} from './fields';

export const importSourceSchema = z.enum(IMPORT_SOURCES);
export const importEntitySchema = z.enum(IMPORT_ENTITIES);
export const dateOrderSchema = z.enum(DATE_ORDERS);
export const rowOutcomeSchema = z.enum(ROW_OUTCOMES);
export const countrySchema = z.string().regex(/^[A-Z]{2}$/);

/** `Users/{uid}/importedFrom`: the member's id in the system they came from. */
export const importedFromSchema = z.object({
  source: importSourceSchema,
  id: z.string().min(1).max(100),
});
export type ImportedFrom = z.infer<typeof importedFromSchema>;

const ALL_FIELDS = [...new Set(Object.values(ENTITY_FIELDS).flat())] as [string, ...string[]];

/** A saved correction: folded header → field, or null (not imported). */
const manualColumnsSchema = z.record(z.string().max(200), z.enum(ALL_FIELDS).nullable());

/** The admin's plan choices: the old system's plan name (folded, `planNameKey`) → our plan. */
const planChoicesSchema = z.record(z.string().min(1).max(200), keySchema);

/** `ImportMappings/{source}`: the admin's mapping for that source, reused by the next import. */
export const importMappingSchema = z.object({
  columns: z.partialRecord(importEntitySchema, manualColumnsSchema).default({}),
  plans: planChoicesSchema.optional(),
  dateOrder: dateOrderSchema,
  updatedAt: epochMsSchema,
  by: z.string().max(128),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const rowProblemSchema = z.object({
  reason: z.enum(ROW_REASONS),
  field: z.string().max(40).optional(),
  params: z.record(z.string(), z.union([z.string().max(200), z.number()])).optional(),
});
export type StoredRowProblem = z.infer<typeof rowProblemSchema>;

export const importCountsSchema = z.object({
  created: z.number().int().min(0).default(0),
  updated: z.number().int().min(0).default(0),
  unchanged: z.number().int().min(0).default(0),
  skipped: z.number().int().min(0).default(0),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const IMPORT_RUN_STATUSES = ['running', 'finished', 'cancelled'] as const;

export const importFileSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  entity: importEntitySchema,
  /** Data rows in the file (the header row not counted). */
  rows: z.number().int().min(0).max(2_000_000),
});

/** `ImportRuns/{runId}`: one import or dry run; its rows are under `ImportRunRows/{runId}`. */
export const importRunSchema = z.object({
  source: importSourceSchema,
  by: z.string().max(128),
  dryRun: z.boolean(),
  status: z.enum(IMPORT_RUN_STATUSES),
  files: z.array(importFileSchema).min(1).max(10),
  counts: importCountsSchema,
  dateOrder: dateOrderSchema,
  /** Country of phone numbers written without a country code (ISO 3166, e.g. MX). */
  country: countrySchema,
  startedAt: epochMsSchema,
  updatedAt: epochMsSchema,
  finishedAt: epochMsSchema.optional(),
  /** The plan each of the old system's plan names maps to (by `planNameKey`). */
  plans: planChoicesSchema.optional(),
});
export type ImportRun = z.infer<typeof importRunSchema>;

/** What happened to one row (the report's line), in its batch's `ImportRunRows/{runId}/{batchKey}`. */
export const importRunRowSchema = z.object({
  file: z.number().int().min(0).max(9),
  line: z.number().int().min(1),
  id: z.string().max(300).optional(),
  outcome: rowOutcomeSchema,
  problems: z.array(rowProblemSchema).max(20).optional(),
  /** What it did, in the admin's terms ("7 credits, expire 2027-01-31"). */
  detail: z.string().max(300).optional(),
});
export type ImportRunRow = z.infer<typeof importRunRowSchema>;

/** Batch keys sort by file then first line: `0-000000042`. */
export function importRowKey(file: number, line: number): string {
  return `${file}-${String(line).padStart(9, '0')}`;
}

/** `ImportedMembers/{source}/{key}`: the imported client's account, and the row as imported. */
export const importedMemberSchema = z.object({
  uid: keySchema,
  /** The row's values as last imported: a re-import that differs updates the profile. */
  digest: z.string().max(2000),
  /** The invitation mail is in the outbox. */
  invited: z.boolean().optional(),
  at: epochMsSchema,
  /** Stripe's migration mapping for this client: the customer and the card Stripe copied. */
  card: z
    .object({
      customer: z.string().regex(/^cus_[A-Za-z0-9]{1,64}$/),
      paymentMethod: z
        .string()
        .regex(/^(pm|card|src)_[A-Za-z0-9]{1,64}$/)
        .optional(),
    })
    .optional(),
  /** The Stripe subscription the import made for each of the client's memberships (by key). */
  subscriptions: rtdbMap(z.string().regex(/^sub_[A-Za-z0-9]{1,64}$/)).optional(),
});
export type ImportedMember = z.infer<typeof importedMemberSchema>;

/**
 * `Users/{uid}/imported-balances/{key}`: what the member's credits from one imported pack are,
 * written in the wallet's own transaction, so a re-import compares with what was really granted.
 */
export const importedBalanceSchema = z.object({
  remaining: z.number().int().min(0),
  expiresAt: epochMsSchema,
  /** Credits ever added for this pack (ids `import-{key}-001` …): the next ids continue it. */
  issued: z.number().int().min(0),
  at: epochMsSchema,
});
export type ImportedBalance = z.infer<typeof importedBalanceSchema>;

/** `ImportedVisits/{uid}/{key}`: one visit from the old system. */
export const importedVisitSchema = z.object({
  date: dateSchema,
  hour: hourSchema.optional(),
  className: z.string().max(100).optional(),
  status: z.enum(VISIT_STATUSES),
  source: importSourceSchema,
});
export type ImportedVisit = z.infer<typeof importedVisitSchema>;

/** `ImportedHistory/{uid}`: the member's history before the switch, rebuilt from their visits. */
export const importedHistorySchema = z.object({
  source: importSourceSchema,
  firstVisit: dateSchema.optional(),
  lastVisit: dateSchema.optional(),
  attended: z.number().int().min(0),
  noShow: z.number().int().min(0),
  lateCancel: z.number().int().min(0),
  /** Bookings still ahead in the old system when it was exported. */
  upcoming: z.number().int().min(0),
  /** Per class name: how often attended and missed (the no-show rate per class goes on). */
  classes: rtdbMap(
    z.object({
      name: z.string().max(100),
      attended: z.number().int().min(0),
      noShow: z.number().int().min(0),
    }),
  ).default({}),
  updatedAt: epochMsSchema,
});
export type ImportedHistory = z.infer<typeof importedHistorySchema>;

// Callables.

export const startImportInputSchema = z.strictObject({
  source: importSourceSchema,
  dryRun: z.boolean(),
  files: z.array(importFileSchema).min(1).max(10),
  /** The mapping used, saved for the source (not saved by a dry run). */
  columns: z.partialRecord(importEntitySchema, manualColumnsSchema).default({}),
  /** Plan names the catalogue does not match by name, mapped to our plans (saved likewise). */
  plans: planChoicesSchema.default({}),
  dateOrder: dateOrderSchema,
  country: countrySchema.default('MX'),
});
export type StartImportInput = z.input<typeof startImportInputSchema>;

/** Rows a single `importRows` call takes. */
export const MAX_IMPORT_BATCH = 500;

/**
 * `ImportRunRows/{runId}/{batchKey}`: a batch's lines, one value (one path to write, not one a
 * row). A batch sent again replaces its own; the report merges batches by file and line.
 */
export const importRunBatchSchema = z.array(importRunRowSchema).min(1).max(MAX_IMPORT_BATCH);

export const importRowsInputSchema = z.strictObject({
  runId: keySchema,
  file: z.number().int().min(0).max(9),
  rows: z
    .array(
      z.strictObject({
        line: z.number().int().min(1).max(10_000_000),
        values: z.partialRecord(z.enum(ALL_FIELDS), z.string().max(500)),
        /** An earlier line of the file with the same id: this row is only reported. */
        duplicateOf: z.number().int().min(1).optional(),
      }),
    )
    .min(1)
    .max(MAX_IMPORT_BATCH),
});
export type ImportRowsInput = z.input<typeof importRowsInputSchema>;

export const finishImportInputSchema = z.strictObject({
  runId: keySchema,
  cancelled: z.boolean().default(false),
});
export type FinishImportInput = z.input<typeof finishImportInputSchema>;

/** What `importRows` says of each row (the wizard's table, the report's line). */
export interface ImportRowResult {
  line: number;
  id?: string;
  outcome: RowOutcome;
  problems?: StoredRowProblem[];
  detail?: string;
}
