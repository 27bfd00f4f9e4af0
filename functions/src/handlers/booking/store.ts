// Reads the booking handlers share. Each parses what it reads: a stored shape that does not
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
import { liveValue } from './live';

const value = liveValue;

export async function readClass(db: Database, classId: string): Promise<StudioClass> {
  const path = paths.class(classId);
  const stored = await value(db, path);
  if (stored === null) throw new DomainError('not-found', 'classNotFound');
  return parseStored(classSchema, stored, path);
}

export async function readSettings(db: Database): Promise<Settings> {
  return settingsFromStored(await value(db, paths.settings()));
}

/** The layout the class books against: its own, or spots "1" … capacity without one. */
export async function readLayout(db: Database, cls: StudioClass): Promise<SeatLayout> {
  if (cls.layout === undefined) return layoutForClass(cls, null);
  const path = paths.seatLayout(cls.layout);
  const stored = await value(db, path);
  if (stored === null) throw new DomainError('not-found', 'layoutNotFound');
  return layoutForClass(cls, parseStored(seatLayoutSchema, stored, path));
}

export async function readRoster(db: Database, classId: string): Promise<Roster> {
  const path = paths.classRoster(classId);
  return parseStored(rosterSchema, await value(db, path), path);
}

export interface Member {
  user: User | null;
  wallet: Wallet;
}

export async function readMember(db: Database, uid: string): Promise<Member> {
  const path = paths.user(uid);
  const stored = await value(db, path);
  return {
    user: stored === null ? null : parseStored(userSchema, stored, path),
    wallet: readWallet(stored, path),
  };
}

/** What notifications call the class: its name, else its exercise's name. */
export async function classTitle(db: Database, cls: StudioClass): Promise<string> {
  if (cls.name !== undefined) return cls.name;
  const exercise = exerciseSchema.safeParse(await value(db, paths.exercise(cls.exercise)));
  return exercise.success ? exercise.data.name : cls.exercise;
}
