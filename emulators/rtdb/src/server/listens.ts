// Live listens of one namespace, indexed by path in a trie so that a write only visits the
// listens whose path overlaps a changed path, not every listener in the namespace.
import type { MaybeNode } from '../tree/node';
import type { WireQuery } from '../query/index';
import type { Principal } from './auth';

/** The side of a listen that receives pushes: a WebSocket connection. */
export interface ListenOwner {
  readonly principal: Principal;
  sendText(text: string): void;
  /** Forget a listen the server revoked (the client will not send `n` for it). */
  dropListen(listen: Listen): void;
}

export interface Listen {
  readonly owner: ListenOwner;
  readonly path: readonly string[];
  /** The path exactly as it goes on the wire, e.g. `/a/b` (`/` for the root). */
  readonly wirePath: string;
  /** null for a default listen. */
  readonly tag: number | null;
  readonly query: WireQuery | null;
  /** The query object as the client sent it; echoed in `c` revocations. */
  readonly rawQuery: unknown;
  /** Path plus query: listens with equal keys see equal windows, so pushes are built once. */
  readonly queryKey: string;
  /** Last window pushed to a tagged listen, to send only windows that changed. */
  lastWindow: MaybeNode;
}

/** How a write touched a listen at P. */
export interface Impact {
  /** Some changed path is P or an ancestor of P. */
  replaced: boolean;
  /** Changed paths strictly below P, relative to P. */
  readonly below: string[][];
}

interface TrieNode {
  readonly children: Map<string, TrieNode>;
  readonly listens: Set<Listen>;
}

function trieNode(): TrieNode {
  return { children: new Map(), listens: new Set() };
}

export class ListenIndex {
  private readonly root = trieNode();
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(listen: Listen): void {
    let node = this.root;
    for (const key of listen.path) {
      let next = node.children.get(key);
      if (next === undefined) {
        next = trieNode();
        node.children.set(key, next);
      }
      node = next;
    }
    if (!node.listens.has(listen)) {
      node.listens.add(listen);
      this.count++;
    }
  }

  remove(listen: Listen): void {
    const trail: TrieNode[] = [this.root];
    let node: TrieNode | undefined = this.root;
    for (const key of listen.path) {
      node = node.children.get(key);
      if (node === undefined) return;
      trail.push(node);
    }
    if (!node.listens.delete(listen)) return;
    this.count--;
    // Prune trie nodes that no longer lead to any listen.
    for (let depth = listen.path.length; depth > 0; depth--) {
      const current = trail[depth];
      const parent = trail[depth - 1];
      const key = listen.path[depth - 1];
      if (current === undefined || parent === undefined || key === undefined) break;
      if (current.listens.size > 0 || current.children.size > 0) break;
      parent.children.delete(key);
    }
  }

  *all(): IterableIterator<Listen> {
    const stack: TrieNode[] = [this.root];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      yield* node.listens;
      for (const next of node.children.values()) stack.push(next);
    }
  }

  /** The listens overlapping any of `changed`, with how each one was touched. */
  affected(changed: readonly (readonly string[])[]): Map<Listen, Impact> {
    const out = new Map<Listen, Impact>();
    const impactOf = (listen: Listen): Impact => {
      let impact = out.get(listen);
      if (impact === undefined) {
        impact = { replaced: false, below: [] };
        out.set(listen, impact);
      }
      return impact;
    };
    for (const path of changed) {
      let node: TrieNode | undefined = this.root;
      for (let depth = 0; node !== undefined; depth++) {
        if (depth === path.length) {
          this.markSubtreeReplaced(node, impactOf);
          break;
        }
        for (const listen of node.listens) impactOf(listen).below.push(path.slice(depth));
        node = node.children.get(path[depth] as string);
      }
    }
    return out;
  }

  private markSubtreeReplaced(start: TrieNode, impactOf: (listen: Listen) => Impact): void {
    const stack: TrieNode[] = [start];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      for (const listen of node.listens) impactOf(listen).replaced = true;
      for (const next of node.children.values()) stack.push(next);
    }
  }
}
