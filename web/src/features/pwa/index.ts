export { ServiceWorkerGate } from './components/service-worker-gate';
export type { ServiceWorkerGateProps } from './components/service-worker-gate';
