export type { DeskApi } from './api/desk-api';
export { firebaseDeskApi } from './api/firebase-desk-api';
export { MemberPassCard, PassCode } from './components/member-pass-card';
export { PassScanner } from './components/pass-scanner';
export { deskMessages } from './desk-messages';
export { DoorScanner, ScanAnswerLine } from './components/door-scanner';
export type { ScanAnswer } from './components/door-scanner';
