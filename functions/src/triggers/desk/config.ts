// The front desk's secret: MEMBER_PASS_SECRET signs member passes (handlers/desk/pass-codes.ts).
// A Firebase secret (Secret Manager in production; locally functions/.secret.local, which the
// stack writes with a value that is not secret). Rotating it voids every pass; members' apps ask
// for a new one the next time they show it.
import { defineSecret } from 'firebase-functions/params';

export const MEMBER_PASS_SECRET = defineSecret('MEMBER_PASS_SECRET');
