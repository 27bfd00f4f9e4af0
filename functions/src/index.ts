// Every deployed function, by the name the app calls it (design §8). Exports only.
export { bootstrapUser } from './triggers/bootstrap-user';
export { setUserRole } from './triggers/set-user-role';
export { stampServerTime } from './triggers/stamp-server-time';
