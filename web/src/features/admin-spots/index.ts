export type { SeatLayoutsApi } from './api/seat-layouts-api';
export { firebaseSeatLayoutsApi } from './api/firebase-seat-layouts-api';
export { SeatLayoutEditor } from './components/seat-layout-editor';
