// Unsigned ID tokens shaped like the ones the SDK's createMockUserToken and the Auth emulator
// produce, for REST `?auth=` and raw websocket `auth` requests.

function base64Url(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64url');
}

/** An `alg: none` JWT for `uid` with extra claims; `iat` 0 and `exp` in 1970, like the SDK's. */
export function mockIdToken(
  uid: string,
  claims: Record<string, unknown> = {},
  projectId = 'demo-studio',
): string {
  const header = { alg: 'none', type: 'JWT' };
  const payload = mockClaims(uid, claims, projectId);
  return `${base64Url(JSON.stringify(header))}.${base64Url(JSON.stringify(payload))}.`;
}

/** The claims `mockIdToken` encodes: what `auth.token` holds in rules. */
export function mockClaims(
  uid: string,
  claims: Record<string, unknown> = {},
  projectId = 'demo-studio',
): Record<string, unknown> {
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    iat: 0,
    exp: 3600,
    auth_time: 0,
    sub: uid,
    user_id: uid,
    firebase: { sign_in_provider: 'custom', identities: {} },
    ...claims,
  };
}
