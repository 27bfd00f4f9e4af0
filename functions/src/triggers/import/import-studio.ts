import { onCall } from 'firebase-functions/v2/https';
import { parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import {
  finishImportInputSchema,
  importRowsInputSchema,
  startImportInputSchema,
} from '@studio/core/import';
import { adminAuth, adminDatabase } from '../../admin';
import {
  finishImport as finishImportHandler,
  importRows as importRowsHandler,
  startImport as startImportHandler,
} from '../../handlers/import/steps';
import { CALLABLE_OPTIONS, requireAdmin, runCallable } from '../callable';

const deps = () => ({ db: adminDatabase(), auth: adminAuth(), now: Date.now });

/** `startImport` (admins): a run of the import wizard, its audit entry, the mapping saved. */
export const startImport = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'startImport'>> =>
    runCallable('startImport', request, async () => {
      const caller = requireAdmin(request);
      const input = parseInput(startImportInputSchema, request.data);
      return startImportHandler(deps(), { by: caller.uid, ...input });
    }),
);

/** `importRows` (admins): one batch of one file of a run, each row imported or explained. */
export const importRows = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'importRows'>> =>
    runCallable('importRows', request, async () => {
      const caller = requireAdmin(request);
      const input = parseInput(importRowsInputSchema, request.data);
      const { rows } = await importRowsHandler(deps(), { by: caller.uid, ...input });
      return { rows: rows.map(({ historyOf: _member, ...row }) => row) };
    }),
);

/** `finishImport` (admins): the members' histories rebuilt, the run closed (or cancelled). */
export const finishImport = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'finishImport'>> =>
    runCallable('finishImport', request, async () => {
      const caller = requireAdmin(request);
      const input = parseInput(finishImportInputSchema, request.data);
      return finishImportHandler(deps(), { by: caller.uid, ...input });
    }),
);
