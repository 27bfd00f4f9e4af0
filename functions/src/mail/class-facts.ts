/**
 * The facts a class mail states (`mailClassSchema`), read once when the event happens: the class
 * as its views call it, the branch's name and address, the coach's name. Names longer than a mail
 * shows are cut, so an odd catalogue entry never stops a mail.
 */
import { branchSchema, coachSchema, paths, teachingCoachId, type StudioClass } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import type { MailClass } from './kinds';

async function read<T>(
  db: Database,
  path: string,
  parse: (value: unknown) => T | undefined,
): Promise<T | undefined> {
  return parse((await db.ref(path).get()).val());
}

function cut(value: string | undefined, max: number): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
}

export interface ClassFactsInput {
  classId: string;
  cls: StudioClass;
  /** What the member's views call the class. */
  title: string;
  bookingId: string;
  /** The spot as the room labels it. */
  spotLabel?: string | undefined;
}

export async function mailClassFacts(db: Database, input: ClassFactsInput): Promise<MailClass> {
  const { cls } = input;
  const [branch, coach] = await Promise.all([
    read(db, paths.branch(cls.branch), (value) => branchSchema.safeParse(value).data),
    read(db, paths.coach(teachingCoachId(cls)), (value) => coachSchema.safeParse(value).data),
  ]);
  const facts: MailClass = {
    bookingId: input.bookingId,
    classId: input.classId,
    title: cut(input.title, 100) ?? input.classId,
    startsAt: cls.startsAt,
    durationMinutes: cls.duration,
    sequence: 0,
  };
  const branchName = cut(branch?.name, 100);
  const address = cut(branch?.address, 300);
  const coachName = cut(coach?.name, 100);
  const spot = cut(input.spotLabel, 10);
  if (branchName) facts.branchName = branchName;
  if (address) facts.address = address;
  if (coachName) facts.coachName = coachName;
  if (spot) facts.spotLabel = spot;
  return facts;
}
