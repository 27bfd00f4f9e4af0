import type { Notification } from '@studio/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLangStore } from '../../../lib/i18n';
import type { NotificationsApi } from '../api/notifications-api';
import { NotificationList } from './notification-list';

function fakeNotificationsApi() {
  let push: ((value: Record<string, Notification>) => void) | undefined;
  const marked: string[] = [];
  const api: NotificationsApi = {
    watchNotifications: (_uid, onChange) => {
      push = onChange;
      onChange({});
      return () => {
        push = undefined;
      };
    },
    markRead: (_uid, id) => {
      marked.push(id);
      return Promise.resolve();
    },
  };
  return {
    api,
    marked,
    push: (value: Record<string, Notification>) => act(() => push?.(value)),
  };
}

const promoted: Notification = {
  type: 'promoted',
  messageKey: 'notifPromoted',
  params: { className: 'Cycling', date: '2025-06-12', hour: '07:00', spot: 'A3' },
  at: Date.parse('2025-06-10T16:00:00.000Z'),
  read: false,
  classId: 'ride',
};

describe('notifications', () => {
  it('say they are loading, not that there are none, until the list answers', () => {
    const silent: NotificationsApi = {
      watchNotifications: () => () => undefined,
      markRead: () => Promise.resolve(),
    };
    render(<NotificationList api={silent} uid="m" />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByText('No notifications.')).toBeNull();
  });

  it('shows a promotion as soon as it arrives, in the member language', () => {
    const fake = fakeNotificationsApi();
    render(<NotificationList api={fake.api} uid="m" />);
    expect(screen.getByText('No notifications.')).toBeTruthy();
    fake.push({ n1: promoted });
    expect(
      screen.getByText(
        'A spot opened in Cycling on Thu 12 Jun 2025 at 07:00: you are booked (spot A3).',
      ),
    ).toBeTruthy();
    act(() => useLangStore.setState({ lang: 'es' }));
    expect(screen.getByText(/Se liberó un lugar en Cycling/)).toBeTruthy();
  });

  it('names the spot as the functions wrote it: the room label, or the id in older ones', () => {
    const fake = fakeNotificationsApi();
    render(<NotificationList api={fake.api} uid="m" />);
    fake.push({
      labelled: { ...promoted, params: { ...promoted.params, spot: '7' } },
      older: {
        ...promoted,
        params: { ...promoted.params, date: '2025-06-05', spot: 's9' },
        at: promoted.at - 1,
      },
    });
    expect(
      screen.getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent),
    ).toEqual([
      'A spot opened in Cycling on Thu 12 Jun 2025 at 07:00: you are booked (spot 7).',
      'A spot opened in Cycling on Thu 5 Jun 2025 at 07:00: you are booked (spot s9).',
    ]);
  });

  it('marks a notification read', async () => {
    const fake = fakeNotificationsApi();
    render(<NotificationList api={fake.api} uid="m" />);
    fake.push({ n1: promoted });
    expect(screen.getByRole('heading', { name: 'Notifications (1)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as read' }));
    await act(() => Promise.resolve());
    expect(fake.marked).toEqual(['n1']);
  });
});
