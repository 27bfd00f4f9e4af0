// The front desk: who teaches a class, member passes and check-in, waivers, desk sales and coach
// pay (docs/architecture/front-desk.md).
export * from './teaching';
