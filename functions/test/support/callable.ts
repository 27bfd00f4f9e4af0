// Builds the request a v2 onCall handler receives, for `fn.run(request)`: firebase-functions-test's
// wrap() misroutes v2 callables built with firebase-functions 7 (firebase-functions-test).
import type { DecodedIdToken } from 'firebase-admin/auth';
import { HttpsError } from 'firebase-functions/v2/https';
import type { CallableRequest, Request } from 'firebase-functions/v2/https';
import { DEMO_PROJECT_ID } from '../../src/admin';

export interface Caller {
  uid: string;
  /** Custom claims on the ID token, e.g. `{ role: 'admin' }`. */
  claims?: Record<string, unknown>;
}

export interface RequestOrigin {
  ip?: string;
  forwardedFor?: string;
  remoteAddress?: string;
}

function idToken({ uid, claims = {} }: Caller): DecodedIdToken {
  const issuedAt = Math.floor(Date.now() / 1000);
  return {
    ...claims,
    aud: DEMO_PROJECT_ID,
    auth_time: issuedAt,
    exp: issuedAt + 3600,
    iat: issuedAt,
    iss: `https://securetoken.google.com/${DEMO_PROJECT_ID}`,
    sub: uid,
    uid,
    firebase: { identities: {}, sign_in_provider: 'password' },
  };
}

export function callableRequest<T>(
  data: T,
  caller: Caller | null,
  origin: RequestOrigin = { ip: '203.0.113.7' },
): CallableRequest<T> {
  const headers: Record<string, string> = {};
  if (origin.forwardedFor !== undefined) headers['x-forwarded-for'] = origin.forwardedFor;
  // Only the fields the triggers read; an Express Request has hundreds more.
  const rawRequest = {
    ip: origin.ip,
    headers,
    socket: { remoteAddress: origin.remoteAddress },
  } as unknown as Request;
  const request: CallableRequest<T> = { data, rawRequest, acceptsStreaming: false };
  if (caller !== null) request.auth = { uid: caller.uid, token: idToken(caller), rawToken: 'test' };
  return request;
}

/** The HttpsError a call rejected with; fails the test if it resolved or threw something else. */
export async function rejectionOf(call: Promise<unknown>): Promise<HttpsError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof HttpsError) return error;
    throw error;
  }
  throw new Error('Expected the call to reject with an HttpsError, but it resolved.');
}
