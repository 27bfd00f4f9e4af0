import { callFunction } from '../../../lib/firebase';
import type { WaiverAdminApi, WaiverApi } from './waiver-api';

/** Loaded on first use: the waiver is written seconds after start, never on the first paint. */
export const firebaseWaiverApi: WaiverApi = {
  acceptWaiver: async (uid) => (await import('./accept-waiver')).acceptWaiver(uid),
  currentWaiver: async () => (await import('./current-waiver')).currentWaiver(),
  signWaiver: (input) => callFunction('signWaiver', input),
};

export const firebaseWaiverAdminApi: WaiverAdminApi = {
  currentWaiver: firebaseWaiverApi.currentWaiver,
  saveWaiver: (text) => callFunction('saveWaiver', { text }),
};
