import type { AdminMailApi } from '../../src/features/admin-mail';
import { readContactFrom } from './indexed-query';

/**
 * In-memory outbox: `watchNewestMail` answers with the `limit` newest entries by `createdAt`, or
 * with `limit` entries of the status asked for (as the indexed queries do), and records each query
 * asked for; `resendMail` records each id and
 * answers with `answer` (success by default).
 */
export function createFakeAdminMailApi(
  outbox: Record<string, unknown>,
  users: unknown = null,
  /** `PushOutbox`, answered by `watchNewestPush` the same way. */
  pushOutbox: Record<string, unknown> = {},
) {
  const limits: number[] = [];
  const statuses: string[] = [];
  const resent: string[] = [];
  let answer: (id: string) => Promise<Record<string, never>> = () => Promise.resolve({});
  const createdAt = (value: unknown): number =>
    typeof value === 'object' &&
    value !== null &&
    'createdAt' in value &&
    typeof value.createdAt === 'number'
      ? value.createdAt
      : 0;

  const newest = (entries: Record<string, unknown>, limit: number, status: string) =>
    Object.entries(entries)
      .filter(
        ([, value]) =>
          status === '' ||
          (typeof value === 'object' &&
            value !== null &&
            'status' in value &&
            value.status === status),
      )
      .sort(([, a], [, b]) => createdAt(a) - createdAt(b))
      .slice(-limit);

  const api: AdminMailApi = {
    watchNewestMail: ({ limit, status }, onChange) => {
      limits.push(limit);
      statuses.push(status);
      const found = newest(outbox, limit, status);
      onChange(found.length === 0 ? null : Object.fromEntries(found));
      return () => undefined;
    },
    watchNewestPush: ({ limit, status }, onChange) => {
      const found = newest(pushOutbox, limit, status);
      onChange(found.length === 0 ? null : Object.fromEntries(found));
      return () => undefined;
    },
    readMember: readContactFrom(users),
    resendMail: ({ id }) => {
      resent.push(id);
      return answer(id);
    },
  };
  return {
    api,
    limits,
    statuses,
    resent,
    answerWith: (next: (id: string) => Promise<Record<string, never>>) => {
      answer = next;
    },
  };
}
