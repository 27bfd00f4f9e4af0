import { callFunction } from '../../../lib/firebase';
import type { ScheduleApi, Unsubscribe } from './schedule-api';

type Watcher = () => Unsubscribe;

/** Starts a watch whose module loads on demand; stopping before it loaded cancels it. */
function lazyWatch(load: () => Promise<Watcher>): Unsubscribe {
  let stopped = false;
  let stop: Unsubscribe | undefined;
  load().then(
    (start) => {
      if (!stopped) stop = start();
    },
    (error: unknown) => console.error('live read not started', error),
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

export const firebaseScheduleApi: ScheduleApi = {
  watchClasses: (from, to, onChange) =>
    lazyWatch(async () => {
      const { watchClassesByDate } = await import('../../../lib/realtime');
      return () => watchClassesByDate(from, to, onChange);
    }),
  loadCatalog: async () => (await import('./load-catalog')).loadCatalog(),
  getLayout: async (layoutId) => (await import('./load-catalog')).getLayout(layoutId),
  watchTakenSpots: (classId, onChange) =>
    lazyWatch(async () => {
      const { watchTakenSpots } = await import('./watch-member');
      return () => watchTakenSpots(classId, onChange);
    }),
  watchMyClasses: (uid, onChange) =>
    lazyWatch(async () => {
      const { watchMyClasses } = await import('./watch-member');
      return () => watchMyClasses(uid, onChange);
    }),
  watchMyWaitlist: (uid, onChange) =>
    lazyWatch(async () => {
      const { watchMyWaitlist } = await import('./watch-member');
      return () => watchMyWaitlist(uid, onChange);
    }),
  bookClass: async (classId, spot) =>
    callFunction('bookClass', spot === undefined ? { classId } : { classId, spot }),
  cancelBooking: (classId) => callFunction('cancelBooking', { classId }),
  joinWaitlist: (classId) => callFunction('joinWaitlist', { classId }),
  leaveWaitlist: async (classId) => {
    await callFunction('leaveWaitlist', { classId });
  },
};
