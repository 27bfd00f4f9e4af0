import { classSchema, classesByDateRange, paths } from '@studio/core';
import type { SeatLayout } from '@studio/core';
import { getDatabaseClient, getFunctionsClient } from '../../../lib/firebase';
import { parseEntries, watchPath } from '../../../lib/realtime';
import type { SeatLayoutsApi } from './seat-layouts-api';

interface SaveRequest {
  collection: 'seatLayouts';
  id?: string;
  value: SeatLayout | null;
}

/** Far enough ahead to cover every class the studio has published. */
const LAST_DATE = '9999-12-31';

export const firebaseSeatLayoutsApi: SeatLayoutsApi = {
  watchLayouts: (onChange) => watchPath(paths.seatLayouts(), onChange),
  saveLayout: async (id, layout) => {
    // saveCatalogItem is not in core's callable table, so it is called by name here.
    const [functions, { httpsCallable }] = await Promise.all([
      getFunctionsClient(),
      import('firebase/functions'),
    ]);
    const call = httpsCallable<SaveRequest, { id: string }>(functions, 'saveCatalogItem');
    const request: SaveRequest = { collection: 'seatLayouts', value: layout };
    return (await call(id === undefined ? request : { ...request, id })).data;
  },
  countUpcomingClasses: async (layoutId, from) => {
    const [db, sdk] = await Promise.all([getDatabaseClient(), import('firebase/database')]);
    const range = classesByDateRange(from, LAST_DATE);
    const snapshot = await sdk.get(
      sdk.query(
        sdk.ref(db, range.path),
        sdk.orderByChild(range.orderByChild),
        sdk.startAt(range.startAt),
      ),
    );
    const classes = parseEntries(snapshot.val(), (entry) => classSchema.safeParse(entry), 'class');
    return Object.values(classes).filter(
      (cls) => cls.layout === layoutId && cls.status !== 'cancelled',
    ).length;
  },
};
