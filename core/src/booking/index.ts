export * from './credits';
export * from './window';
export * from './spots';
export * from './roster';
export * from './can-book';
export * from './series';
