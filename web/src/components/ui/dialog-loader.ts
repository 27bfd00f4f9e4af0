import { useEffect, useState } from 'react';
import type * as DialogRadix from './dialog-radix';

/**
 * How long after the page's `load` event the Radix chunk waits before it is fetched on idle: a
 * member page's largest paint is often data that answers after `load`, and Lighthouse counts
 * every script fetched and run before that paint
 * (docs/architecture/performance.md#the-load-chain-of-a-data-page).
 */
const IDLE_PRELOAD_DELAY_MS = 2000;
/** The longest the idle preload waits for an idle period once its delay has passed. */
const IDLE_PRELOAD_TIMEOUT_MS = 2000;

let chunk: Promise<typeof DialogRadix> | undefined;
let loaded: typeof DialogRadix | undefined;

/**
 * The kit's Radix-based dialog and sheet, fetched once (a failed fetch is tried again by the
 * next call).
 */
export function loadDialogRadix(): Promise<typeof DialogRadix> {
  chunk ??= import('./dialog-radix').then(
    (module) => (loaded = module),
    (error: unknown) => {
      chunk = undefined;
      throw error;
    },
  );
  return chunk;
}

/** The chunk once it has loaded, so a dialog opened after that renders at once, unsuspended. */
export function loadedDialogRadix(): typeof DialogRadix | undefined {
  return loaded;
}

/**
 * The kit's Radix module for a dialog or sheet being shown: at once when it has loaded, else null
 * until it has. A failed load is logged and the dialog stays hidden; the next opening (the next
 * mount) tries again, never a broken app.
 */
export function useDialogRadix(wanted = true): typeof DialogRadix | null {
  const [module, setModule] = useState(loadedDialogRadix);
  useEffect(() => {
    if (module || !wanted) return undefined;
    let active = true;
    loadDialogRadix().then(
      (loadedModule) => {
        if (active) setModule(loadedModule);
      },
      (error: unknown) => console.error('the dialog did not load', error),
    );
    return () => {
      active = false;
    };
  }, [module, wanted]);
  return module ?? null;
}

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(run, { timeout: IDLE_PRELOAD_TIMEOUT_MS });
  } else {
    window.setTimeout(run, 0);
  }
}

/**
 * Fetches the chunk once the page has loaded and gone idle, so a dialog's first opening is
 * usually instant; one opened sooner loads it itself. A failed preload is left to the opening.
 */
function preloadWhenIdle(): void {
  const schedule = () =>
    window.setTimeout(
      () => whenIdle(() => void loadDialogRadix().catch(() => undefined)),
      IDLE_PRELOAD_DELAY_MS,
    );
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}

preloadWhenIdle();
