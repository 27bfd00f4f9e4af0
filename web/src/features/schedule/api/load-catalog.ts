import {
  branchSchema,
  classSchema,
  coachSchema,
  exerciseSchema,
  paths,
  seatLayoutSchema,
  settingsFromStored,
} from '@studio/core';
import type { SeatLayout, StudioClass } from '@studio/core';
import { readBranches } from '../../../lib/instances';
import { parseEntries, readPath } from '../../../lib/realtime';
import type { Catalog } from './schedule-api';

export async function loadCatalog(): Promise<Catalog> {
  const [branches, exercises, coaches, settings] = await Promise.all([
    // Shared with the list of instances when both are read as the page opens; over the SDK when
    // the REST read could not be made, as readPath does.
    readBranches().catch(() => readPath(paths.branches())),
    readPath(paths.exercises(), 'anyone'),
    readPath(paths.coaches(), 'anyone'),
    readPath(paths.settings(), 'anyone'),
  ]);
  return {
    branches: parseEntries(branches, (entry) => branchSchema.safeParse(entry), 'branch'),
    exercises: parseEntries(exercises, (entry) => exerciseSchema.safeParse(entry), 'exercise'),
    coaches: parseEntries(coaches, (entry) => coachSchema.safeParse(entry), 'coach'),
    settings: settingsFromStored(settings),
  };
}

export async function getLayout(layoutId: string): Promise<SeatLayout | null> {
  const parsed = seatLayoutSchema.safeParse(await readPath(paths.seatLayout(layoutId), 'anyone'));
  return parsed.success ? parsed.data : null;
}

export async function getClass(classId: string): Promise<StudioClass | null> {
  const parsed = classSchema.safeParse(await readPath(paths.class(classId), 'anyone'));
  return parsed.success ? parsed.data : null;
}
