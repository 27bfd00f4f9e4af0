import { describe, expect, it } from 'vitest';
import { returnPath, withReturnTo } from './return-path';

describe('the way back after signing in', () => {
  it('carries the screen that asked in the sign-in link', () => {
    expect(withReturnTo('/login', '/tabs/mis-compras/user/view')).toBe(
      '/login?next=%2Ftabs%2Fmis-compras%2Fuser%2Fview',
    );
    expect(returnPath('next=%2Ftabs%2Fmis-compras%2Fuser%2Fview')).toBe(
      '/tabs/mis-compras/user/view',
    );
  });

  it('leaves the link alone when there is nowhere to go back to', () => {
    expect(withReturnTo('/login', null)).toBe('/login');
    expect(returnPath('')).toBeNull();
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example/x', 'tabs/cart'])(
    'never leads off the app: %s',
    (next) => {
      expect(returnPath(`next=${encodeURIComponent(next)}`)).toBeNull();
    },
  );
});
