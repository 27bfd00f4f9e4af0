export * from './figures';
export * from './plans';
export * from './branch-members';
