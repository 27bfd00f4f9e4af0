// RuleDataSnapshot: a location in one version of the tree (before or after
// the write). It keeps the tree root and the path so parent() can walk back up.

import { getPath } from '../tree/node';
import type { MaybeNode } from '../tree/node';
import { RuleEvaluationError } from './errors';

/** `val()` of a node with children: not null, equal to nothing (not even another val()). */
export class OpaqueObject {}

const NO_SEGMENTS: readonly string[] = [];

function splitRelative(relative: string): string[] {
  // Most rules pass a single key; skip the split/filter allocation for those.
  if (relative.indexOf('/') === -1) return relative.length === 0 ? [] : [relative];
  return relative.split('/').filter((segment) => segment.length > 0);
}

export class RuleSnapshot {
  constructor(
    private readonly tree: MaybeNode,
    /** The location is the first `depth` segments of `base`, followed by `extra`. */
    private readonly base: readonly string[],
    private readonly depth: number,
    readonly node: MaybeNode,
    private readonly extra: readonly string[] = NO_SEGMENTS,
  ) {}

  val(): string | number | boolean | null | OpaqueObject {
    if (this.node === null) return null;
    return this.node.kind === 'leaf' ? this.node.value : new OpaqueObject();
  }

  child(relative: string): RuleSnapshot {
    const segments = splitRelative(relative);
    if (segments.length === 0) return this;
    const extra = this.extra.length === 0 ? segments : [...this.extra, ...segments];
    return new RuleSnapshot(this.tree, this.base, this.depth, getPath(this.node, segments), extra);
  }

  parent(): RuleSnapshot {
    const path = [...this.base.slice(0, this.depth), ...this.extra];
    if (path.length === 0) throw new RuleEvaluationError('parent() called on the root');
    path.pop();
    return new RuleSnapshot(this.tree, path, path.length, getPath(this.tree, path));
  }

  hasChild(relative: string): boolean {
    return this.child(relative).node !== null;
  }

  hasChildren(keys?: readonly string[]): boolean {
    if (this.node === null || this.node.kind === 'leaf') return false;
    return keys === undefined || keys.every((key) => this.hasChild(key));
  }

  exists(): boolean {
    return this.node !== null;
  }

  getPriority(): string | number | null {
    return this.node === null ? null : this.node.priority;
  }

  isNumber(): boolean {
    return this.node !== null && this.node.kind === 'leaf' && typeof this.node.value === 'number';
  }

  isString(): boolean {
    return this.node !== null && this.node.kind === 'leaf' && typeof this.node.value === 'string';
  }

  isBoolean(): boolean {
    return this.node !== null && this.node.kind === 'leaf' && typeof this.node.value === 'boolean';
  }
}
