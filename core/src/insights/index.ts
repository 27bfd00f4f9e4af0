export * from './figures';
export * from './plans';
