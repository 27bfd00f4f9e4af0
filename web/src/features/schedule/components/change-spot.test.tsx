import { virtualLayout } from '@studio/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeScheduleApi } from '../../../../test/fakes/fake-schedule-api';
import { CallableRefusal } from '../../../lib/callable-errors';
import { ChangeSpot } from './change-spot';

const room = virtualLayout(4);

async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

function show(taken: string[], fake = createFakeScheduleApi()) {
  const view = render(
    <ChangeSpot api={fake.api} classId="c1" room={room} taken={new Set(taken)} mine="1" />,
  );
  return { fake, view };
}

describe('change spot', () => {
  it('moves to the free spot the member picks, after they confirm', async () => {
    const { fake } = show(['1', '2']);
    fireEvent.click(screen.getByRole('button', { name: 'Change spot' }));
    expect(screen.getByRole('button', { name: 'Spot 2, taken' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Spot 3, free' }));
    expect(fake.calls.changeSpot).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Move to spot 3' }));
    await settle();

    expect(fake.calls.changeSpot).toEqual([{ classId: 'c1', spot: '3' }]);
    expect(screen.getByRole('status').textContent).toBe('Done: your spot is now 3.');
    expect(screen.queryByRole('button', { name: 'Move to spot 3' })).toBeNull();
  });

  it('drops a picked spot someone else takes meanwhile', () => {
    const fake = createFakeScheduleApi();
    const { view } = show(['1'], fake);
    fireEvent.click(screen.getByRole('button', { name: 'Change spot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Spot 3, free' }));
    view.rerender(
      <ChangeSpot api={fake.api} classId="c1" room={room} taken={new Set(['1', '3'])} mine="1" />,
    );
    expect(screen.queryByRole('button', { name: 'Move to spot 3' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Spot 3, taken' })).toHaveProperty('disabled', true);
  });

  it('shows the server’s refusal in the member’s words', async () => {
    const fake = createFakeScheduleApi();
    fake.refusals.changeSpot = new CallableRefusal('already-exists', 'spotTaken', { spot: '4' });
    show(['1'], fake);
    fireEvent.click(screen.getByRole('button', { name: 'Change spot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Spot 4, free' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move to spot 4' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'Spot 4 was just taken. Please choose another one.',
    );
  });

  it('is not offered when every other spot is taken', () => {
    show(['1', '2', '3', '4']);
    expect(screen.queryByRole('button', { name: 'Change spot' })).toBeNull();
  });
});
