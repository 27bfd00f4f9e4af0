import type { ReactNode } from 'react';
import { Router } from 'wouter';

/** App-wide context: the browser-history router. */
export function AppProvider({ children }: { children: ReactNode }) {
  return <Router>{children}</Router>;
}
