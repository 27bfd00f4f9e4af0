import type { AdminCatalogApi, SaveCatalogItemRequest } from '../../src/features/admin-catalog';

type Node = Parameters<AdminCatalogApi['watch']>[0];

/**
 * In-memory catalogue: `watch` reports the given node values and again after `set`; `save`
 * records each request and answers with `answer` (an id by default).
 */
export function createFakeAdminCatalogApi(nodes: Partial<Record<Node, unknown>> = {}) {
  const values = new Map<Node, unknown>(Object.entries(nodes) as [Node, unknown][]);
  const listeners = new Map<Node, Set<(value: unknown) => void>>();
  const saves: SaveCatalogItemRequest[] = [];
  let answer: (request: SaveCatalogItemRequest) => Promise<{ id: string }> = () =>
    Promise.resolve({ id: `new-${saves.length}` });

  const api: AdminCatalogApi = {
    watch: (node, onChange) => {
      const set = listeners.get(node) ?? new Set();
      listeners.set(node, set);
      set.add(onChange);
      onChange(values.get(node) ?? null);
      return () => set.delete(onChange);
    },
    save: (request) => {
      saves.push(request);
      return answer(request);
    },
  };

  return {
    api,
    saves,
    answerWith(next: (request: SaveCatalogItemRequest) => Promise<{ id: string }>) {
      answer = next;
    },
    set(node: Node, value: unknown) {
      values.set(node, value);
      for (const listener of listeners.get(node) ?? []) listener(value);
    },
  };
}
