/**
 * The facts a class mail states (`mailClassSchema`), read once when the event happens: the class
 * as its views call it, the branch's name and address, the coach's name. Names longer than a mail
 * shows are cut, so an odd catalogue entry never stops a mail.
 */
import { branchSchema, coachSchema, paths, teachingCoachId, type StudioClass } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import type { MailClass } from './kinds';

/**
 * How the facts are read: from the server by default; a booking in a release rush hands in its
 * instance's live copies (`readParsed` of the engine), which parse a stored value once per
 * parser, so the parsers are module-level.
 */
export type FactsReader = <T>(path: string, parse: (value: unknown) => T) => Promise<T>;

const parseBranch = (value: unknown) => branchSchema.safeParse(value).data;
const parseCoach = (value: unknown) => coachSchema.safeParse(value).data;

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

export async function mailClassFacts(
  db: Database,
  input: ClassFactsInput,
  read: FactsReader = async (path, parse) => parse((await db.ref(path).get()).val()),
): Promise<MailClass> {
  const { cls } = input;
  const [branch, coach] = await Promise.all([
    read(paths.branch(cls.branch), parseBranch),
    read(paths.coach(teachingCoachId(cls)), parseCoach),
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
