export type { AdminUsersApi, MemberNode } from './api/admin-users-api';
export { firebaseAdminUsersApi } from './api/firebase-admin-users-api';
export { AllUsers } from './components/all-users';
export type { PlanAction } from './components/member-detail';
