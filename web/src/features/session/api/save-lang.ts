import type { Lang } from '@studio/core';
import { paths } from '@studio/core';
import { ref, update } from 'firebase/database';
import { getDatabaseClient } from '../../../lib/firebase';

/** The member's language, kept on their profile so it follows them to other devices. */
export async function saveLang(uid: string, lang: Lang): Promise<void> {
  return update(ref(await getDatabaseClient(), paths.user(uid)), { Lang: lang });
}
