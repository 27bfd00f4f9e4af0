export * from './common';
export * from './user';
export * from './catalog';
export * from './classes';
export * from './ledger';
export * from './payments';
export * from './inputs';
export type * from './results';
