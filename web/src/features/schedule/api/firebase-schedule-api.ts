import type { ScheduleApi, Unsubscribe } from './schedule-api';

/**
 * The Firebase SDK loads with the first call, not with the schedule: the page's own content
 * (heading, day strip, skeleton) does not wait for it.
 */
const firebase = () => import('../../../lib/firebase');

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
  getClass: async (classId) => (await import('./load-catalog')).getClass(classId),
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
  bookClass: async (classId, spot, payWith) =>
    (await firebase()).callFunction('bookClass', {
      classId,
      ...(spot === undefined ? {} : { spot }),
      ...(payWith === undefined ? {} : { payWith }),
    }),
  watchPaymentFacts: (uid, onChange) =>
    lazyWatch(async () => {
      const { watchPaymentFacts } = await import('./watch-member');
      return () => watchPaymentFacts(uid, onChange);
    }),
  endFreeze: async () => (await firebase()).callFunction('endFreeze', {}),
  cancelBooking: async (classId, guestBookingId) =>
    (await firebase()).callFunction(
      'cancelBooking',
      guestBookingId === undefined ? { classId } : { classId, guestBookingId },
    ),
  bookGuest: async (input) => (await firebase()).callFunction('bookGuest', input),
  changeSpot: async (classId, spot) =>
    (await firebase()).callFunction('changeSpot', { classId, spot }),
  joinWaitlist: async (classId) => (await firebase()).callFunction('joinWaitlist', { classId }),
  leaveWaitlist: async (classId) => {
    await (await firebase()).callFunction('leaveWaitlist', { classId });
  },
};
