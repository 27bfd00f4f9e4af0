export type { KioskApi } from './api/kiosk-api';
export { firebaseKioskApi } from './api/firebase-kiosk-api';
export { KioskScreen, KIOSK_WELCOME_MS } from './components/kiosk-screen';
export type { KioskScreenProps, KioskSigning } from './components/kiosk-screen';
export { kioskMessages } from './kiosk-messages';
