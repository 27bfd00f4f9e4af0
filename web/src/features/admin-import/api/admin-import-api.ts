// What the import wizard needs of the backend: the three import callables, the saved mapping
// of a source, and the plan catalogue (the mapping step's choices).
import type { CallableResult } from '@studio/core';
import type { CallableInput } from '../../../lib/firebase';
import type { CataloguePlan, ImportMapping, ImportSource } from '@studio/core/import';

export interface AdminImportApi {
  startImport(input: CallableInput<'startImport'>): Promise<CallableResult<'startImport'>>;
  importRows(input: CallableInput<'importRows'>): Promise<CallableResult<'importRows'>>;
  finishImport(input: CallableInput<'finishImport'>): Promise<CallableResult<'finishImport'>>;
  /** The saved mapping of every source the studio imported from. */
  readMappings(): Promise<Partial<Record<ImportSource, ImportMapping>>>;
  readPlans(): Promise<CataloguePlan[]>;
}
