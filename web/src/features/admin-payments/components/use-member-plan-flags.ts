import { useEffect, useRef, useState } from 'react';
import type { Unsubscribe } from '../../../lib/unsubscribe';
import type { MemberPlanFlags, WatchMemberPlanFlags } from '../subscribers';

/**
 * The plan flags of the members on the loaded page, live (a status the webhook changes and the
 * flags it changes with must agree on screen). A uid is watched while it is on the page: a new
 * page adds only its new uids, and leaving the screen stops them all.
 */
export function useMemberPlanFlags(
  uids: readonly string[],
  watch: WatchMemberPlanFlags,
): Record<string, MemberPlanFlags> {
  const [flags, setFlags] = useState<Record<string, MemberPlanFlags>>({});
  const watching = useRef(new Map<string, Unsubscribe>());
  const key = [...new Set(uids)].sort().join('\n');

  useEffect(() => {
    const wanted = new Set(key === '' ? [] : key.split('\n'));
    const current = watching.current;
    for (const [uid, stop] of current) {
      if (wanted.has(uid)) continue;
      stop();
      current.delete(uid);
    }
    for (const uid of wanted) {
      if (current.has(uid)) continue;
      current.set(
        uid,
        watch(uid, (next) => setFlags((known) => ({ ...known, [uid]: next }))),
      );
    }
  }, [key, watch]);

  useEffect(() => {
    const current = watching.current;
    return () => {
      for (const stop of current.values()) stop();
      current.clear();
    };
  }, []);

  return flags;
}
