import { callFunction } from '../../../lib/firebase';
import type { PlanAdminApi } from './plan-admin-api';

export const firebasePlanAdminApi: PlanAdminApi = {
  cancelMemberSubscription: (input) => callFunction('cancelMemberSubscription', input),
};
