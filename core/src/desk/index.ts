// The front desk: who teaches a class, member passes and check-in, waivers, desk sales and coach
// pay (docs/architecture/front-desk.md).
export * from './teaching';
export * from './pass';
export * from './check-in';
export * from './waiver';
export * from './inputs';
export * from './coach-pay';
export * from './sales';
