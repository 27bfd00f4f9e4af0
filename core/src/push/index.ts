export * from './delivery';
export * from './watch-waves';
export * from './device-label';
