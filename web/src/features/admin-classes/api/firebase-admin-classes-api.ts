import {
  classTemplateSchema,
  coachSchema,
  exerciseSchema,
  paths,
  seatLayoutSchema,
} from '@studio/core';
import { getFunctionsClient } from '../../../lib/firebase';
import { watchIndexedQuery } from '../../../lib/paged-query';
import { parseEntries, watchPath } from '../../../lib/realtime';
import { watchBranches } from '../../../lib/watch-branches';
import type { AdminClassesApi, ClassCatalog } from './admin-classes-api';

async function call<I, O>(name: string, input: I): Promise<O> {
  const [functions, { httpsCallable }] = await Promise.all([
    getFunctionsClient(),
    import('firebase/functions'),
  ]);
  return (await httpsCallable<I, O>(functions, name)(input)).data;
}

/** Four live nodes combined; the form renders once each has answered at least once. */
function watchCatalog(onChange: (catalog: ClassCatalog) => void) {
  const parts: Partial<ClassCatalog> = {};
  const report = () => {
    const { branches, exercises, coaches, layouts } = parts;
    if (branches && exercises && coaches && layouts)
      onChange({ branches, exercises, coaches, layouts });
  };
  const stops = [
    watchBranches((branches) => {
      parts.branches = branches;
      report();
    }),
    watchPath(paths.exercises(), (value) => {
      parts.exercises = parseEntries(value, (entry) => exerciseSchema.safeParse(entry), 'exercise');
      report();
    }),
    watchPath(paths.coaches(), (value) => {
      parts.coaches = parseEntries(value, (entry) => coachSchema.safeParse(entry), 'coach');
      report();
    }),
    watchPath(paths.seatLayouts(), (value) => {
      parts.layouts = parseEntries(value, (entry) => seatLayoutSchema.safeParse(entry), 'layout');
      report();
    }),
  ];
  return () => stops.forEach((stop) => stop());
}

export const firebaseAdminClassesApi: AdminClassesApi = {
  watchCatalog,
  watchClassesPage: watchIndexedQuery,
  watchTemplates: (onChange) =>
    watchPath(paths.classTemplates(), (value) =>
      onChange(parseEntries(value, (entry) => classTemplateSchema.safeParse(entry), 'template')),
    ),
  createClasses: (request) => call('createClasses', request),
  updateClass: async (request) => {
    await call('updateClass', request);
  },
  // The audited wrapper of cancelClass (docs/architecture/admin-and-audit.md#audit-log).
  cancelClass: (request) => call('cancelClass', request),
  saveTemplate: (request) => call('saveClassTemplate', request),
  assignSubstitute: (request) => call('assignSubstitute', request),
};
