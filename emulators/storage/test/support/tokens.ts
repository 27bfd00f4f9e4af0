// Unsigned ID tokens shaped like the Auth emulator's (and the SDK's `mockUserToken`), for raw
// HTTP requests and for `request.auth` in rules tests.

function base64Url(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64url');
}

export function mockClaims(
  uid: string,
  claims: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    iss: 'https://securetoken.google.com/demo-studio',
    aud: 'demo-studio',
    iat: 0,
    exp: 3600,
    auth_time: 0,
    sub: uid,
    user_id: uid,
    firebase: { sign_in_provider: 'password', identities: {} },
    ...claims,
  };
}

export function mockIdToken(uid: string, claims: Record<string, unknown> = {}): string {
  const header = base64Url(JSON.stringify({ alg: 'none', type: 'JWT' }));
  return `${header}.${base64Url(JSON.stringify(mockClaims(uid, claims)))}.`;
}
