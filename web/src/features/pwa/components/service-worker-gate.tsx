import { TIMINGS } from '@studio/core';
import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect, useState } from 'react';

const ServiceWorkerPrompt = lazy(() => import('./service-worker-prompt'));

export interface ServiceWorkerGateProps {
  /** Production builds only (spec §7); the dev server serves no worker. */
  enabled: boolean;
  delayMs?: number;
  /** What to mount once the delay has passed; the real prompt by default. */
  children?: ReactNode;
}

/**
 * Spec §7 and §9: the service worker is registered once the app is stable, 30 000 ms after start.
 * The registering component (and workbox-window) is loaded only then.
 */
export function ServiceWorkerGate({
  enabled,
  delayMs = TIMINGS.serviceWorkerDelayMs,
  children = <ServiceWorkerPrompt />,
}: ServiceWorkerGateProps) {
  const [due, setDue] = useState(false);

  useEffect(() => {
    if (!enabled || !('serviceWorker' in navigator)) return;
    const timer = setTimeout(() => setDue(true), delayMs);
    return () => clearTimeout(timer);
  }, [enabled, delayMs]);

  if (!due) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
