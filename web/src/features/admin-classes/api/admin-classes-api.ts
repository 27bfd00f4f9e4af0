import type {
  AssignSubstituteInput,
  Branch,
  ClassTemplate,
  Coach,
  CreateClassesInput,
  Exercise,
  SaveClassTemplateInput,
  SeatLayout,
  UpdateClassInput,
} from '@studio/core';
import type { IndexedQuery } from '../../../lib/indexed-query';
import type { Unsubscribe } from '../../../lib/realtime';

/** What the class forms choose from, parsed with core's schemas. */
export interface ClassCatalog {
  branches: Record<string, Branch>;
  exercises: Record<string, Exercise>;
  coaches: Record<string, Coach>;
  layouts: Record<string, SeatLayout>;
}

/** `createClasses` as the forms send it (`creditKind` may be left to its default). */
export type CreateClassesRequest = Omit<CreateClassesInput, 'creditKind'> & {
  creditKind?: CreateClassesInput['creditKind'];
};

export type SaveClassTemplateRequest = SaveClassTemplateInput;

export interface AdminClassesApi {
  watchCatalog: (onChange: (catalog: ClassCatalog) => void) => Unsubscribe;
  /** The first `limit` `Classes` of `query` (a date window by `startsAt`), raw, live. */
  watchClassesPage: (
    query: IndexedQuery,
    limit: number,
    onChange: (value: unknown) => void,
  ) => Unsubscribe;
  watchTemplates: (onChange: (templates: Record<string, ClassTemplate>) => void) => Unsubscribe;
  /** The callables; each rejects with the HttpsError the function sent. */
  createClasses: (request: CreateClassesRequest) => Promise<{ classIds: string[] }>;
  updateClass: (request: UpdateClassInput) => Promise<void>;
  cancelClass: (request: { classId: string; reason: string }) => Promise<{ refunded: number }>;
  saveTemplate: (request: SaveClassTemplateRequest) => Promise<{ id: string }>;
  /** `assignSubstitute`: `coachId` takes the class, or (null) its own coach again. */
  assignSubstitute: (request: AssignSubstituteInput) => Promise<{ notified: number }>;
}
