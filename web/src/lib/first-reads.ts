/**
 * The first reads of the page the app starts on. The shell's session layer (session, dialogs,
 * side menu, bell: one chunk and its imports) waits until they have answered, or a limit, so on
 * a slow network the page's own chunks and data do not share the bandwidth and the main thread
 * with it (docs/architecture/performance.md#the-load-chain-of-a-data-page). `useLive` holds
 * until its first answer; a page that must load a chunk before it reads holds meanwhile. Once
 * the session layer has been let go, holds count nothing.
 */

let pending = 0;
let released = false;
const waiting: (() => void)[] = [];

function release(): void {
  if (released) return;
  released = true;
  for (const resolve of waiting.splice(0)) resolve();
}

/**
 * Counts one first read as pending until the returned function is called (its first answer, or
 * the reader unmounting); calling it again does nothing.
 */
export function holdFirstRead(): () => void {
  if (released) return () => {};
  pending += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending -= 1;
    if (pending === 0 && waiting.length > 0) release();
  };
}

/** Resolves when no first read is pending (at once when none is), or after `limitMs`. */
export function firstReadsAnswered(limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (released || pending === 0) {
      released = true;
      resolve();
      return;
    }
    waiting.push(resolve);
    setTimeout(release, limitMs);
  });
}
