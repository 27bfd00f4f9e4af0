import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useToastStore } from '../src/components/ui/toast';
import {
  initialBookingState,
  useBookingStore,
} from '../src/features/schedule/stores/booking-store';
import { initialSessionState, useSessionStore } from '../src/features/session/stores/session-store';
import { useBrandingStore } from '../src/lib/branding';
import { connection } from '../src/lib/connection';
import { DEFAULT_LANG, useLangStore } from '../src/lib/i18n';

// Each test starts from an empty device: no storage, default language, no session, no booking
// on its way, no toasts,
// and the one connection monitor as a connected app has it (a file that reported the database
// down or a call unanswered must not leave the next file offline: the files share modules).
// `findBy…` and `waitFor` wait up to 4 s (1 s by default): the kit's dialog is a lazy chunk, and on
// a loaded machine its first load alone has taken longer than a second. Under the 5 s test limit.
configure({ asyncUtilTimeout: 4_000 });

beforeEach(() => {
  localStorage.clear();
  useLangStore.setState({ lang: DEFAULT_LANG });
  useSessionStore.setState(initialSessionState);
  useBookingStore.setState(initialBookingState);
  useToastStore.setState({ toasts: [] });
  useBrandingStore.setState({ branding: null });
  document.getElementById('studio-brand')?.remove();
  connection.databaseConnected(true);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
