export { showToast, useToastStore } from './toast-store';
export type { Toast } from './toast-store';
export { Toaster } from './toaster';
