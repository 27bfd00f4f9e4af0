// Reads the domains share. Each parses what it reads: a stored shape that does not
// match is our bug (`internal`), a missing class is the caller's `not-found`.
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
import { listenerMirrors, liveParsed, parsedFrom } from './live';
import type { Mirrors } from './live';

// One parser per shape (module-level, so `liveParsed` can reuse a parse across calls).
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

export async function readClass(db: Database, classId: string): Promise<StudioClass> {
  const cls = await liveParsed(db, paths.class(classId), parseClass);
  if (cls === null) throw new DomainError('not-found', 'classNotFound');
  return cls;
}

export async function readSettings(db: Database): Promise<Settings> {
  return liveParsed(db, paths.settings(), parseSettings);
}

const virtualLayouts = new WeakMap<StudioClass, SeatLayout>();

/** The layout the class books against: its own, or spots "1" … capacity without one. */
export async function readLayout(db: Database, cls: StudioClass): Promise<SeatLayout> {
  if (cls.layout === undefined) {
    // Built once per class value (which `liveParsed` shares), not once per call of a rush.
    let virtual = virtualLayouts.get(cls);
    if (!virtual) {
      virtual = layoutForClass(cls, null);
      virtualLayouts.set(cls, virtual);
    }
    return virtual;
  }
  const layout = await liveParsed(db, paths.seatLayout(cls.layout), parseLayout);
  if (layout === null) throw new DomainError('not-found', 'layoutNotFound');
  return layoutForClass(cls, layout);
}

/**
 * The roster as this instance's mirror has it, which can lag behind the server
 * (docs/architecture/booking.md#throughput-on-one-instance).
 */
export async function readRoster(
  db: Database,
  classId: string,
  mirrors: Mirrors = listenerMirrors(db),
): Promise<Roster> {
  return parsedFrom(mirrors, paths.classRoster(classId), parseRoster);
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

export async function readMember(
  db: Database,
  uid: string,
  mirrors: Mirrors = listenerMirrors(db),
): Promise<Member> {
  return parsedFrom(mirrors, paths.user(uid), parseMember);
}

/** What notifications call the class: its name, else its exercise's name. */
export async function classTitle(db: Database, cls: StudioClass): Promise<string> {
  if (cls.name !== undefined) return cls.name;
  const name = await liveParsed(db, paths.exercise(cls.exercise), parseExerciseName);
  return name ?? cls.exercise;
}
