export type { Catalog, ScheduleApi } from './api/schedule-api';
export { firebaseScheduleApi } from './api/firebase-schedule-api';
export { ClassDetail } from './components/class-detail';
export { SpotMap } from './components/spot-map';
export { WeekSchedule } from './components/week-schedule';
export { MyClasses } from './components/my-classes';
export type { MemberCutoff } from './components/my-waitlist';
export { MyWaitlist } from './components/my-waitlist';
export { NextClass } from './components/next-class';
