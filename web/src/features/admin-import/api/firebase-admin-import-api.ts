import { parseStored, paths, planSchema } from '@studio/core';
import {
  importMappingSchema,
  isImportSource,
  type ImportMapping,
  type ImportSource,
} from '@studio/core/import';
import { callFunction } from '../../../lib/firebase';
import { readPath } from '../../../lib/realtime';
import type { AdminImportApi } from './admin-import-api';

export const firebaseAdminImportApi: AdminImportApi = {
  startImport: (input) => callFunction('startImport', input),
  importRows: (input) => callFunction('importRows', input),
  finishImport: (input) => callFunction('finishImport', input),
  readMappings: async () => {
    const stored = ((await readPath(paths.importMappings())) ?? {}) as Record<string, unknown>;
    const mappings: Partial<Record<ImportSource, ImportMapping>> = {};
    for (const [source, value] of Object.entries(stored)) {
      if (isImportSource(source))
        mappings[source] = parseStored(importMappingSchema, value, paths.importMapping(source));
    }
    return mappings;
  },
  readPlans: async () => {
    const stored = ((await readPath(paths.plans())) ?? {}) as Record<string, unknown>;
    return Object.entries(stored).flatMap(([id, value]) => {
      const plan = planSchema.safeParse(value);
      return plan.success ? [{ id, name: plan.data.name }] : [];
    });
  },
};
