import { callFunction } from '../../../lib/firebase';
import type { PlanApi } from './plan-api';

export const firebasePlanApi: PlanApi = {
  createPortalSession: (returnUrl) => callFunction('createPortalSession', { returnUrl }),
};
