// The database side of member-names.ts: one member's name and e-mail, field by field.
import { paths } from '@studio/core';
import type { ReadMemberContact } from './member-names';
import { readPath } from './realtime';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Reads `Users/{uid}/Name` and `Email` (admins may read `Users/{uid}`), never the whole node. */
export const readMemberContact: ReadMemberContact = async (uid) => {
  const [name, email] = await Promise.all([
    readPath(paths.userField(uid, 'Name')),
    readPath(paths.userField(uid, 'Email')),
  ]);
  return { Name: text(name), Email: text(email) };
};

/**
 * The same from the member's `UserDirectory/{uid}` row, which the front desk and a branch manager
 * may read (not `Users/{uid}`, the chain admins').
 */
export const readDirectoryContact: ReadMemberContact = async (uid) => {
  const [name, email] = await Promise.all([
    readPath(paths.userDirectoryField(uid, 'name')),
    readPath(paths.userDirectoryField(uid, 'email')),
  ]);
  return { Name: text(name), Email: text(email) };
};
