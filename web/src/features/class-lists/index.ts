export type { ClassListsApi } from './api/class-lists-api';
export { firebaseClassListsApi } from './api/firebase-class-lists-api';
export type { Viewer } from './class-lists';
export { ClassLists } from './components/class-lists';
export { ClassRoster } from './components/class-roster';
export type { RosterRouteParams } from './components/class-roster';
export { CheckInBoard } from './components/check-in-board';
