// Test double of the class admin API: live values set by the test, callables recorded and
// answered by the test (a refusal is a CallableRefusal, as the functions send it).
import type {
  AssignSubstituteInput,
  ClassTemplate,
  StudioClass,
  UpdateClassInput,
} from '@studio/core';
import type {
  AdminClassesApi,
  ClassCatalog,
  CreateClassesRequest,
  SaveClassTemplateRequest,
} from '../api/admin-classes-api';
import type { IndexedQuery } from '../../../lib/indexed-query';
import { answerIndexedQuery } from '../../../../test/fakes/indexed-query';

export const FAKE_CATALOG: ClassCatalog = {
  branches: { centro: { name: 'Centro', active: true } },
  exercises: {
    cycling: { name: 'Cycling', duration: 50, creditKind: 'regular', active: true },
    yoga: { name: 'Yoga', creditKind: 'regular', active: true },
  },
  coaches: {
    carlos: { name: 'Carlos', active: true },
    lucia: { name: 'Lucía', active: true },
  },
  layouts: {
    row: {
      name: 'Row',
      rows: 1,
      cols: 2,
      spots: {
        A1: { id: 'A1', label: 'A1', row: 0, col: 0 },
        A2: { id: 'A2', label: 'A2', row: 0, col: 1 },
      },
    },
  },
};

type Answer<I, O> = (request: I) => Promise<O>;

export function createFakeAdminClassesApi(
  initial: {
    classes?: Record<string, StudioClass>;
    templates?: Record<string, ClassTemplate>;
    catalog?: ClassCatalog;
  } = {},
) {
  let classes = initial.classes ?? {};
  let templates = initial.templates ?? {};
  const classListeners = new Set<() => void>();
  const pages: { query: IndexedQuery; limit: number }[] = [];
  const templateListeners = new Set<(value: Record<string, ClassTemplate>) => void>();
  const calls = {
    createClasses: [] as CreateClassesRequest[],
    updateClass: [] as UpdateClassInput[],
    cancelClass: [] as { classId: string; reason: string }[],
    saveTemplate: [] as SaveClassTemplateRequest[],
    assignSubstitute: [] as AssignSubstituteInput[],
  };
  const answers = {
    createClasses: ((request) =>
      Promise.resolve({
        classIds: Array.from(
          { length: request.repeat ? request.repeat.weekdays.length : 1 },
          (_, n) => `c${n}`,
        ),
      })) as Answer<CreateClassesRequest, { classIds: string[] }>,
    updateClass: (() => Promise.resolve()) as Answer<UpdateClassInput, void>,
    cancelClass: (() => Promise.resolve({ refunded: 1 })) as Answer<
      { classId: string; reason: string },
      { refunded: number }
    >,
    saveTemplate: (() => Promise.resolve({ id: 't-new' })) as Answer<
      SaveClassTemplateRequest,
      { id: string }
    >,
    assignSubstitute: (() => Promise.resolve({ notified: 2 })) as Answer<
      AssignSubstituteInput,
      { notified: number }
    >,
  };

  const api: AdminClassesApi = {
    watchCatalog: (onChange) => {
      onChange(initial.catalog ?? FAKE_CATALOG);
      return () => undefined;
    },
    watchClassesPage: (query, limit, onChange) => {
      pages.push({ query, limit });
      const listener = () => onChange(answerIndexedQuery(classes, query, limit));
      classListeners.add(listener);
      listener();
      return () => classListeners.delete(listener);
    },
    watchTemplates: (onChange) => {
      templateListeners.add(onChange);
      onChange(templates);
      return () => templateListeners.delete(onChange);
    },
    createClasses: (request) => {
      calls.createClasses.push(request);
      return answers.createClasses(request);
    },
    updateClass: (request) => {
      calls.updateClass.push(request);
      return answers.updateClass(request);
    },
    cancelClass: (request) => {
      calls.cancelClass.push(request);
      return answers.cancelClass(request);
    },
    saveTemplate: (request) => {
      calls.saveTemplate.push(request);
      return answers.saveTemplate(request);
    },
    assignSubstitute: (request) => {
      calls.assignSubstitute.push(request);
      return answers.assignSubstitute(request);
    },
  };

  return {
    api,
    /** Each page query the list asked for, with its limit. */
    pages,
    calls,
    answers,
    setClasses(next: Record<string, StudioClass>) {
      classes = next;
      for (const listener of classListeners) listener();
    },
    setTemplates(next: Record<string, ClassTemplate>) {
      templates = next;
      for (const listener of templateListeners) listener(templates);
    },
  };
}
