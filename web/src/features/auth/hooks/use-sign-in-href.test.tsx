import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { returnPath } from '../return-path';
import { useSignInHref } from './use-sign-in-href';

function signInHrefAt(path: string, promocode?: string): string {
  const location = memoryLocation({ path });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  );
  return renderHook(() => useSignInHref({ promocode }), { wrapper }).result.current;
}

describe('useSignInHref', () => {
  it('comes back to the screen that asked', () => {
    expect(signInHrefAt('/tabs/cart')).toBe('/login?next=%2Ftabs%2Fcart');
  });

  it("keeps the screen's query, so a chosen package is still chosen", () => {
    const href = signInHrefAt('/tabs/buy-credits/stripe/host/centro/10?package=p10');
    const [login, search = ''] = href.split('?');
    expect(login).toBe('/login');
    expect(returnPath(search)).toBe('/tabs/buy-credits/stripe/host/centro/10?package=p10');
  });

  it('carries the coupon kept for checkout in the sign-in route', () => {
    expect(signInHrefAt('/tabs/cart', 'WELCOME10')).toBe('/login/WELCOME10?next=%2Ftabs%2Fcart');
  });
});
