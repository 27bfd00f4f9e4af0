import type { AdminCatalogApi, SaveCatalogItemRequest } from '../../src/features/admin-catalog';
import type { IndexedQuery } from '../../src/lib/indexed-query';
import { createFakePictureUpload } from './fake-picture-upload';
import { answerIndexedQuery, readContactFrom } from './indexed-query';

type Node = Parameters<AdminCatalogApi['watch']>[0];

/**
 * In-memory catalogue: `watch` reports the given node values and again after `set`; the audit
 * page answers its indexed query over `auditLog` and records each query and limit asked (and so do a coupon's redemption
 * pages over `couponRedemptions`); `watched` lists the nodes watched whole; `save`
 * records each request and answers with `answer` (an id by default).
 */
export function createFakeAdminCatalogApi(
  nodes: Partial<Record<Node, unknown>> = {},
  auditLog: Record<string, unknown> = {},
  /** `Users`, as `readMember` reads each member's name and e-mail. */
  users: unknown = null,
  /** `CouponRedemptions`, by code, as a coupon's redemption pages answer from it. */
  couponRedemptions: Record<string, Record<string, unknown>> = {},
) {
  const auditQueries: { query: IndexedQuery; limit: number }[] = [];
  const redemptionQueries: { query: IndexedQuery; limit: number }[] = [];
  const watched: Node[] = [];
  const values = new Map<Node, unknown>(Object.entries(nodes) as [Node, unknown][]);
  const listeners = new Map<Node, Set<(value: unknown) => void>>();
  const saves: SaveCatalogItemRequest[] = [];
  const pictures = createFakePictureUpload();
  let answer: (request: SaveCatalogItemRequest) => Promise<{ id: string }> = () =>
    Promise.resolve({ id: `new-${saves.length}` });

  const api: AdminCatalogApi = {
    watch: (node, onChange) => {
      watched.push(node);
      const set = listeners.get(node) ?? new Set();
      listeners.set(node, set);
      set.add(onChange);
      onChange(values.get(node) ?? null);
      return () => set.delete(onChange);
    },
    watchAuditPage: (query, limit, onChange) => {
      auditQueries.push({ query, limit });
      onChange(answerIndexedQuery(auditLog, query, limit));
      return () => undefined;
    },
    watchRedemptionPage: (query, limit, onChange) => {
      redemptionQueries.push({ query, limit });
      const code = query.path.split('/').at(-1) ?? '';
      onChange(answerIndexedQuery(couponRedemptions[code] ?? {}, query, limit));
      return () => undefined;
    },
    readMember: readContactFrom(users),
    uploadPicture: pictures.upload,
    save: (request) => {
      saves.push(request);
      return answer(request);
    },
  };

  return {
    api,
    auditQueries,
    redemptionQueries,
    watched,
    saves,
    /** What the screen uploaded as pictures. */
    uploads: pictures.uploads,
    answerWith(next: (request: SaveCatalogItemRequest) => Promise<{ id: string }>) {
      answer = next;
    },
    set(node: Node, value: unknown) {
      values.set(node, value);
      for (const listener of listeners.get(node) ?? []) listener(value);
    },
  };
}
