import type { SeatLayout } from '@studio/core';
import type { Unsubscribe } from '../../../lib/realtime';

export interface SeatLayoutsApi {
  /** `SeatLayouts`, live: the raw node (null when empty); the editor parses each layout. */
  watchLayouts: (onChange: (value: unknown) => void) => Unsubscribe;
  /**
   * The `saveCatalogItem` callable for the `seatLayouts` collection: no id creates, `null`
   * deletes. Rejects with the HttpsError the function sent.
   */
  saveLayout: (id: string | undefined, layout: SeatLayout | null) => Promise<{ id: string }>;
  /** How many classes from `from` on use the layout (a used layout is not deleted). */
  countUpcomingClasses: (layoutId: string, from: string) => Promise<number>;
}
