export * from './ics';
export * from './bookings';
