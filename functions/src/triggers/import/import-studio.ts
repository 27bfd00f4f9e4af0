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
import { STRIPE_SECRET_KEY, stripeClient } from '../payments/config';

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
  // Stripe's key: a membership whose member has a mapped card is billed by a subscription.
  { ...CALLABLE_OPTIONS, secrets: [STRIPE_SECRET_KEY] },
  (request): Promise<CallableResult<'importRows'>> =>
    runCallable('importRows', request, async () => {
      const caller = requireAdmin(request);
      const input = parseInput(importRowsInputSchema, request.data);
      const { rows } = await importRowsHandler(
        { ...deps(), stripe: stripeClient() },
        { by: caller.uid, ...input },
      );
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
