export type { WaiverApi } from './api/waiver-api';
export { WaiverAlert } from './components/waiver-alert';
export type { WaiverAlertProps } from './components/waiver-alert';
