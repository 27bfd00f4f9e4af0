export * from './periods';
export * from './entitlement';
export * from './penalties';
