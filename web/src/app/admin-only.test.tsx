import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../features/session';
import type { Profile } from '../features/session';
import { AdminOnly } from './admin-only';

const PROFILE: Profile = {
  name: 'Nora',
  email: 'nora@demo.studio',
  img: null,
  adminFlag: true,
  conditions: true,
  activeSubscription: false,
  credits: 0,
};

function signIn(role: 'admin' | 'staff', branchScope?: string) {
  useSessionStore.setState({
    status: 'signed-in',
    uid: 'u1',
    role,
    profile: branchScope === undefined ? PROFILE : { ...PROFILE, branchScope },
  });
}

afterEach(() =>
  useSessionStore.setState({ status: 'unknown', uid: null, role: null, profile: null }),
);

describe('AdminOnly', () => {
  it('opens every admin screen to an admin of the whole chain', () => {
    signIn('admin');
    render(<AdminOnly title="menuAdminPackages">prices</AdminOnly>);
    expect(screen.getByText('prices')).toBeTruthy();
  });

  it('tells an admin of one branch that a chain screen is the chain admins’, and never loads it', () => {
    signIn('admin', 'norte');
    render(<AdminOnly title="menuAdminPackages">prices</AdminOnly>);
    expect(screen.queryByText('prices')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(
      'This screen is for the admins of the whole chain. Your account manages one branch: work from Today, the class lists, payments and insights.',
    );
    expect(screen.getByRole('link', { name: 'Today' })).toBeTruthy();
  });

  it('opens the screens a branch manager works from (their branch’s payments, insights)', () => {
    signIn('admin', 'norte');
    render(
      <AdminOnly title="menuPaymentList" branchManagers>
        payments
      </AdminOnly>,
    );
    expect(screen.getByText('payments')).toBeTruthy();
  });

  it('keeps them from the front desk, scoped or not', () => {
    signIn('staff', 'norte');
    render(
      <AdminOnly title="menuPaymentList" branchManagers>
        payments
      </AdminOnly>,
    );
    expect(screen.queryByText('payments')).toBeNull();
    expect(screen.getByRole('alert').textContent).toMatch(
      /^This screen is for the studio’s admins/,
    );
  });
});
