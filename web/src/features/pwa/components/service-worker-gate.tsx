import { TIMINGS } from '@studio/core';
import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { APP_STARTED_AT, untilAfterStart } from '../../../lib/app-start';

const ServiceWorkerPrompt = lazy(() => import('./service-worker-prompt'));

export interface ServiceWorkerGateProps {
  /** Production builds only; the dev server serves no worker. */
  enabled: boolean;
  delayMs?: number;
  /**
   * When the app started (lib/app-start.ts): the delay counts from there, not from this gate's
   * mount, which comes with the session layer after the page's first answer.
   */
  startedAt?: number;
  /** What to mount once the delay has passed; the real prompt by default. */
  children?: ReactNode;
}

/**
 * The service worker is registered once the app is stable, 30 000 ms after start.
 * The registering component (and workbox-window) is loaded only then.
 */
export function ServiceWorkerGate({
  enabled,
  delayMs = TIMINGS.serviceWorkerDelayMs,
  startedAt = APP_STARTED_AT,
  children = <ServiceWorkerPrompt />,
}: ServiceWorkerGateProps) {
  const [due, setDue] = useState(false);

  useEffect(() => {
    if (!enabled || !('serviceWorker' in navigator)) return;
    const timer = setTimeout(() => setDue(true), untilAfterStart(delayMs, startedAt, Date.now()));
    return () => clearTimeout(timer);
  }, [enabled, delayMs, startedAt]);

  if (!due) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
