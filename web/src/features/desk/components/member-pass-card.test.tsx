import { act, render, screen } from '@testing-library/react';
import type { MemberPass } from '@studio/core';
import { describe, expect, it, vi } from 'vitest';
import type { DeskApi } from '../api/desk-api';
import { MemberPassCard } from './member-pass-card';

function fakeApi(overrides: Partial<DeskApi> = {}): DeskApi {
  return {
    watchPass: () => () => undefined,
    memberPass: () => Promise.resolve('SP1.m1.x.y'),
    checkInByPass: () => Promise.reject(new Error('unused')),
    ...overrides,
  };
}

describe('the member pass card', () => {
  it('asks for a pass when the member has none, then draws the kept one as a QR code', () => {
    let report: (pass: MemberPass | null) => void = () => undefined;
    const memberPass = vi.fn<DeskApi['memberPass']>().mockResolvedValue('SP1.m1.a.b');
    render(
      <MemberPassCard
        api={fakeApi({
          memberPass,
          watchPass: (_uid, onChange) => {
            report = onChange;
            return () => undefined;
          },
        })}
        uid="m1"
      />,
    );
    act(() => report(null));
    expect(memberPass).toHaveBeenCalledWith(false);
    act(() =>
      report({
        id: 'p'.repeat(22),
        code: `SP1.m1.${'p'.repeat(22)}.${'s'.repeat(43)}`,
        issuedAt: 1,
      }),
    );
    const code = screen.getByRole('img', { name: 'QR code of your studio pass' });
    expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
  });
});
