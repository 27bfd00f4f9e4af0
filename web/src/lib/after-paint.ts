/**
 * Resolves once what was rendered now has been painted and the browser is idle: a task (React
 * renders a new value in a task it has queued), two frames (the one that paints it, the one
 * after it has been presented), then an idle period, at most `limitMs` later. Work that must not
 * hold back what the page just showed waits for it: the Database SDK after a REST answer (the
 * session layer waits for the browser's own largest-paint reports instead, lib/first-reads.ts)
 * (docs/architecture/performance.md#the-load-chain-of-a-data-page). A hidden tab paints no frame
 * and goes on at once; a browser without idle callbacks (Safari) goes on after the frames.
 */
export function afterPaintIdle(limitMs = 1_000): Promise<void> {
  const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  const idle = () =>
    new Promise<void>((resolve) => {
      if (typeof requestIdleCallback === 'function') {
        requestIdleCallback(() => resolve(), { timeout: limitMs });
      } else resolve();
    });
  return new Promise<void>((resolve) => setTimeout(resolve, 0))
    .then(() => (document.visibilityState === 'hidden' ? undefined : frame().then(frame)))
    .then(idle);
}
