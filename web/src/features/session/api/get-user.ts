import type { User } from '@studio/core';
import { paths, userSchema } from '@studio/core';
import { get, ref } from 'firebase/database';
import { getDatabaseClient } from '../../../lib/firebase';

/**
 * `Users/{uid}` field by field: one malformed field (an old app wrote it differently) is dropped,
 * not the whole profile, so a member is never shown the waiver again because of, say, a bad Img.
 */
export function parseUser(value: unknown): User | null {
  if (typeof value !== 'object' || value === null) return null;
  const source = value as Record<string, unknown>;
  const user: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(userSchema.shape)) {
    if (source[field] === undefined) continue;
    const parsed = schema.safeParse(source[field]);
    if (parsed.success) user[field] = parsed.data;
    else console.warn('user field ignored', field);
  }
  return userSchema.parse(user);
}

export async function getUser(uid: string): Promise<User | null> {
  const snapshot = await get(ref(await getDatabaseClient(), paths.user(uid)));
  return parseUser(snapshot.val());
}
