export type { WaiverAdminApi, WaiverApi } from './api/waiver-api';
export { WaiverAlert } from './components/waiver-alert';
export type { WaiverAlertProps } from './components/waiver-alert';
export { SignatureForm } from './components/signature-form';
export type { SignatureFormProps, SignedWaiver } from './components/signature-form';
export { WaiverEditor } from './components/waiver-editor';
export { firebaseWaiverAdminApi } from './api/firebase-waiver-api';
