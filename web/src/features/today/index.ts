export { TodayBoard } from './components/today-board';
export type { TodayBoardProps } from './components/today-board';
export { firebaseTodayApi } from './api/firebase-today-api';
export type { TodayApi } from './api/today-api';
