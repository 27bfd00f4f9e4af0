export * from './periods';
export * from './entitlement';
export * from './penalties';
export * from './freeze';
export * from './changes';
