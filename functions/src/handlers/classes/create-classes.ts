import type { Database } from 'firebase-admin/database';
import type { z } from 'zod';
import {
  DomainError,
  branchSchema,
  classDates,
  classSchema,
  coachSchema,
  exerciseSchema,
  layoutCapacity,
  orThrow,
  parseStored,
  paths,
  seatLayoutSchema,
  toEpoch,
} from '@studio/core';
import type {
  AuditEntry,
  CallableResult,
  CreateClassesInput,
  MessageKey,
  StudioClass,
} from '@studio/core';
import { instancesFor, newId, readSettings } from '../../engine';
import type { BookingDeps } from '../../engine';

export interface CreateClassesCommand {
  by: string;
  input: CreateClassesInput;
}

async function readRequired<S extends z.ZodType>(
  db: Database,
  path: string,
  schema: S,
  missing: MessageKey,
): Promise<z.output<S>> {
  const stored = (await db.ref(path).get()).val() as unknown;
  if (stored === null) throw new DomainError('not-found', missing);
  return parseStored(schema, stored, path);
}

/**
 * `createClasses` (admins; crear-clases and plantilla-date): one class on `date`, or a weekly
 * series from a template — the same fields on every listed weekday from `repeat.from` to
 * `repeat.until`. Branch, exercise, coach and layout must exist; capacity defaults to the
 * layout's usable spots and may not exceed them. All classes are written in one update, in the branch's database instance
 * (docs/scaling.md#a-chain-of-studios).
 */
export async function createClasses(
  deps: BookingDeps,
  { by, input }: CreateClassesCommand,
): Promise<CallableResult<'createClasses'>> {
  const { db } = deps;
  const nowMs = deps.now();
  const dates = orThrow(classDates(input));
  if (dates.length === 0)
    throw new DomainError('invalid-argument', 'invalidInput', {
      issues: 'repeat: no listed weekday falls between from and until',
    });
  const [settings, exercise, layout] = await Promise.all([
    readSettings(db),
    readRequired(db, paths.exercise(input.exercise), exerciseSchema, 'exerciseNotFound'),
    input.layout === undefined
      ? Promise.resolve(undefined)
      : readRequired(db, paths.seatLayout(input.layout), seatLayoutSchema, 'layoutNotFound'),
    readRequired(db, paths.branch(input.branch), branchSchema, 'branchNotFound'),
    readRequired(db, paths.coach(input.coach), coachSchema, 'coachNotFound'),
  ]);
  const roomSpots = layout === undefined ? undefined : layoutCapacity(layout);
  if (roomSpots !== undefined && input.capacity !== undefined && input.capacity > roomSpots)
    throw new DomainError('invalid-argument', 'capacityOverLayout', { spots: roomSpots });
  // The input schema requires a capacity when there is no layout.
  const capacity = input.capacity ?? roomSpots ?? 0;
  if (capacity < 1)
    throw new DomainError('invalid-argument', 'capacityOverLayout', { spots: roomSpots ?? 0 });

  // The branch's instance keeps its classes; the default one their index and the audit.
  const where = await instancesFor(deps).ofBranch(input.branch);
  const updates: Record<string, unknown> = {};
  const placed: Record<string, unknown> = {};
  const classIds: string[] = [];
  for (const date of dates) {
    const classId = newId(db);
    const cls: StudioClass = classSchema.parse({
      name: input.name ?? exercise.name,
      branch: input.branch,
      date,
      hour: input.hour,
      startsAt: toEpoch(date, input.hour, settings.timeZone),
      duration: input.duration,
      exercise: input.exercise,
      coach: input.coach,
      layout: input.layout,
      capacity,
      creditKind: input.creditKind,
      status: 'scheduled',
      eventId: input.eventId,
      guestsPerMember: input.guestsPerMember,
      createdAt: nowMs,
      createdBy: by,
    });
    updates[paths.class(classId)] = JSON.parse(JSON.stringify(cls)) as unknown;
    if (where !== db) placed[paths.classBranch(classId)] = input.branch;
    classIds.push(classId);
  }
  const audit: AuditEntry = {
    at: nowMs,
    by,
    action: 'createClasses',
    details: { classIds, dates, hour: input.hour, exercise: input.exercise },
  };
  if (where === db) {
    await db.ref().update({ ...updates, [paths.auditEntry(newId(db))]: audit });
    return { classIds };
  }
  // A branch instance: the index and the audit first, so a class is never out of reach (an
  // index entry whose class a crash did not write is a class that is not found).
  await db.ref().update({ ...placed, [paths.auditEntry(newId(db))]: audit });
  await where.ref().update(updates);
  return { classIds };
}
