/**
 * Who a uid is, for the admin lists that page (payments, audit, e-mail): only the members on the
 * loaded page are read, field by field, never `Users` whole.
 */
import { useEffect, useState } from 'react';

export interface MemberContact {
  Name?: string;
  Email?: string;
}

/** Reads one member's name and e-mail (admins may read `Users/{uid}`). */
export type ReadMemberContact = (uid: string) => Promise<MemberContact>;

/** Uids that are not people (`by` of a job or the CLI) and not keys. */
const NOT_MEMBERS = new Set(['', 'system', 'cli']);

/**
 * The contacts of `uids` as they arrive (a uid missing until read, or when the read failed). Each
 * uid is read once per screen; a new page reads only its new uids.
 */
export function useMemberContacts(
  uids: readonly string[],
  read: ReadMemberContact,
): Record<string, MemberContact> {
  const [known, setKnown] = useState<Record<string, MemberContact>>({});
  const [asked] = useState(() => new Set<string>());
  const wanted = [...new Set(uids)].filter(
    (uid) => !NOT_MEMBERS.has(uid) && !uid.includes('/') && !asked.has(uid),
  );
  const key = wanted.join('\n');
  useEffect(() => {
    if (key === '') return;
    for (const uid of key.split('\n')) {
      asked.add(uid);
      read(uid).then(
        (contact) => setKnown((current) => ({ ...current, [uid]: contact })),
        (error: unknown) => console.error('member not read', uid, error),
      );
    }
  }, [key, read, asked]);
  return known;
}
