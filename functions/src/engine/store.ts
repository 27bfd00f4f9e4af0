// Reads the domains share. Each parses what it reads: a stored shape that does not
// match is our bug (`internal`), a missing class is the caller's `not-found`. With a rush
// (rush.ts) a read comes from the instance's live copy, parsed once per value; without one,
// from the server. Classes and rosters are read from their class's instance, the rest from the
// default one (instances.ts).
import type { Database } from 'firebase-admin/database';
import {
  DomainError,
  classSchema,
  exerciseSchema,
  layoutForClass,
  paths,
  parseStored,
  readWallet,
  rosterSchema,
  seatLayoutSchema,
  settingsFromStored,
  userSchema,
} from '@studio/core';
import type { Roster, SeatLayout, Settings, StudioClass, User, Wallet } from '@studio/core';
import { readParsed } from './rush';
import type { Rush } from './rush';

// One parser per shape (module-level, so a rush can reuse a parse across calls).
const parseClass = (stored: unknown, path: string) =>
  stored === null ? null : parseStored(classSchema, stored, path);
const parseRoster = (stored: unknown, path: string) => parseStored(rosterSchema, stored, path);
const parseLayout = (stored: unknown, path: string) =>
  stored === null ? null : parseStored(seatLayoutSchema, stored, path);
const parseExerciseName = (stored: unknown) => {
  const exercise = exerciseSchema.safeParse(stored);
  return exercise.success ? exercise.data.name : null;
};
const parseSettings = (stored: unknown) => settingsFromStored(stored);

/** The class, from its own instance (`db`). */
export async function readClass(db: Database, classId: string, rush?: Rush): Promise<StudioClass> {
  const cls = await readParsed(db, paths.class(classId), parseClass, rush);
  if (cls === null) throw new DomainError('not-found', 'classNotFound');
  return cls;
}

export async function readSettings(db: Database, rush?: Rush): Promise<Settings> {
  return readParsed(db, paths.settings(), parseSettings, rush);
}

const virtualLayouts = new WeakMap<StudioClass, SeatLayout>();

/** The layout the class books against: its own, or spots "1" … capacity without one. */
export async function readLayout(db: Database, cls: StudioClass, rush?: Rush): Promise<SeatLayout> {
  if (cls.layout === undefined) {
    // Built once per class value (which a rush shares), not once per call of a rush.
    let virtual = virtualLayouts.get(cls);
    if (!virtual) {
      virtual = layoutForClass(cls, null);
      virtualLayouts.set(cls, virtual);
    }
    return virtual;
  }
  const layout = await readParsed(db, paths.seatLayout(cls.layout), parseLayout, rush);
  if (layout === null) throw new DomainError('not-found', 'layoutNotFound');
  return layoutForClass(cls, layout);
}

/**
 * The class's roster, from its instance; with a rush, as the instance's live copy has it, which
 * can lag behind the server (docs/architecture/booking.md#never-a-false-full).
 */
export async function readRoster({
  db,
  classId,
  rush,
}: {
  db: Database;
  classId: string;
  rush?: Rush | undefined;
}): Promise<Roster> {
  return readParsed(db, paths.classRoster(classId), parseRoster, rush);
}

export interface Member {
  user: User | null;
  wallet: Wallet;
}

const parseMember = (stored: unknown, path: string): Member => {
  let wallet: Wallet | undefined;
  return {
    user: stored === null ? null : parseStored(userSchema, stored, path),
    // Parsed when first asked for: a booking needs only `user`.
    get wallet() {
      wallet ??= readWallet(stored, path);
      return wallet;
    },
  };
};

export async function readMember(db: Database, uid: string, rush?: Rush): Promise<Member> {
  return readParsed(db, paths.user(uid), parseMember, rush);
}

/** What notifications call the class: its name, else its exercise's name. */
export async function classTitle(db: Database, cls: StudioClass, rush?: Rush): Promise<string> {
  if (cls.name !== undefined) return cls.name;
  const name = await readParsed(db, paths.exercise(cls.exercise), parseExerciseName, rush);
  return name ?? cls.exercise;
}
