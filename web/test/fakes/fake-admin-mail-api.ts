import type { AdminMailApi } from '../../src/features/admin-mail';

/**
 * In-memory outbox: `watchNewestMail` answers with the `limit` newest entries by `createdAt` (as
 * the indexed query does) and records each limit asked for; `resendMail` records each id and
 * answers with `answer` (success by default).
 */
export function createFakeAdminMailApi(outbox: Record<string, unknown>, users: unknown = null) {
  const limits: number[] = [];
  const resent: string[] = [];
  let answer: (id: string) => Promise<Record<string, never>> = () => Promise.resolve({});
  const createdAt = (value: unknown): number =>
    typeof value === 'object' &&
    value !== null &&
    'createdAt' in value &&
    typeof value.createdAt === 'number'
      ? value.createdAt
      : 0;

  const api: AdminMailApi = {
    watchNewestMail: (limit, onChange) => {
      limits.push(limit);
      const newest = Object.entries(outbox)
        .sort(([, a], [, b]) => createdAt(a) - createdAt(b))
        .slice(-limit);
      onChange(newest.length === 0 ? null : Object.fromEntries(newest));
      return () => undefined;
    },
    watchUsers: (onChange) => {
      onChange(users);
      return () => undefined;
    },
    resendMail: ({ id }) => {
      resent.push(id);
      return answer(id);
    },
  };
  return {
    api,
    limits,
    resent,
    answerWith: (next: (id: string) => Promise<Record<string, never>>) => {
      answer = next;
    },
  };
}
