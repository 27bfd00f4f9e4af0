// Snapshots of every namespace (data and rules) in a folder, so a restart with the same folder
// restores everything. Writes are throttled (at most ~200 ms after a change) and atomic (rename).
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toExport } from '../tree/node';
import type { Namespace } from './namespace';

const SNAPSHOT_DELAY_MS = 200;
const SUFFIX = '.rtdb.json';

export interface Snapshot {
  namespace: string;
  rules: string | null;
  data: unknown;
}

interface PendingState {
  timer: NodeJS.Timeout | null;
  writing: Promise<void> | null;
  dirty: boolean;
}

export class Persistence {
  private readonly states = new Map<Namespace, PendingState>();

  constructor(
    private readonly dir: string,
    private readonly log: (line: string) => void,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  /** Every snapshot in the folder (unreadable files are logged and skipped). */
  loadAll(): Snapshot[] {
    const out: Snapshot[] = [];
    for (const file of readdirSync(this.dir)) {
      if (!file.endsWith(SUFFIX)) continue;
      try {
        const parsed = JSON.parse(readFileSync(join(this.dir, file), 'utf8')) as Partial<Snapshot>;
        if (typeof parsed.namespace !== 'string') throw new Error('no namespace field');
        out.push({
          namespace: parsed.namespace,
          rules: typeof parsed.rules === 'string' ? parsed.rules : null,
          data: parsed.data ?? null,
        });
      } catch (error) {
        this.log(`rtdb: skipping unreadable snapshot ${file}: ${(error as Error).message}`);
      }
    }
    return out;
  }

  /** Called on every change; the snapshot is written shortly after, not once per write. */
  changed(namespace: Namespace): void {
    let state = this.states.get(namespace);
    if (state === undefined) {
      state = { timer: null, writing: null, dirty: false };
      this.states.set(namespace, state);
    }
    state.dirty = true;
    if (state.timer === null && state.writing === null) {
      state.timer = setTimeout(() => void this.write(namespace), SNAPSHOT_DELAY_MS);
    }
  }

  private fileOf(namespace: Namespace): string {
    return join(this.dir, encodeURIComponent(namespace.name) + SUFFIX);
  }

  private async write(namespace: Namespace): Promise<void> {
    const state = this.states.get(namespace);
    if (state === undefined) return;
    if (state.timer !== null) clearTimeout(state.timer);
    state.timer = null;
    if (state.writing !== null) {
      await state.writing;
      return this.write(namespace);
    }
    if (!state.dirty) return;
    state.dirty = false;
    const snapshot: Snapshot = {
      namespace: namespace.name,
      rules: namespace.rulesText,
      data: toExport(namespace.root),
    };
    const file = this.fileOf(namespace);
    const temp = `${file}.${process.pid}.tmp`;
    state.writing = writeFile(temp, JSON.stringify(snapshot))
      .then(() => rename(temp, file))
      .catch((error: Error) =>
        this.log(`rtdb: could not persist ${namespace.name}: ${error.message}`),
      )
      .finally(() => {
        state.writing = null;
      });
    await state.writing;
    if (state.dirty && state.timer === null) {
      state.timer = setTimeout(() => void this.write(namespace), SNAPSHOT_DELAY_MS);
    }
  }

  /** Writes every pending snapshot now (on stop). */
  async flush(): Promise<void> {
    for (;;) {
      const pending = [...this.states].filter(([, state]) => state.dirty || state.writing !== null);
      if (pending.length === 0) break;
      await Promise.all(pending.map(([namespace]) => this.write(namespace)));
    }
    for (const state of this.states.values()) {
      if (state.timer !== null) clearTimeout(state.timer);
      state.timer = null;
    }
  }
}
