import type { StudioClass } from '@studio/core';
import { toEpoch } from '@studio/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ClassCard } from './class-card';
import { fillOf } from './schedule-days';

function ride(fields: Partial<StudioClass> = {}): StudioClass {
  return {
    branch: 'centro',
    date: '2025-06-11',
    hour: '18:00',
    startsAt: toEpoch('2025-06-11', '18:00'),
    duration: 45,
    exercise: 'cycling',
    coach: 'ana',
    capacity: 20,
    creditKind: 'regular',
    status: 'scheduled',
    bookedCount: 0,
    waitlistCount: 0,
    ...fields,
  };
}

/** The morning of the class: it is still to come. */
const MORNING = toEpoch('2025-06-11', '08:00');

function renderCard(cls: StudioClass, memberStatus?: string, now = MORNING) {
  const onOpen = vi.fn();
  render(
    <ClassCard
      cls={cls}
      name="Cycling"
      coach={{ name: 'Ana López', active: true }}
      branch="Centro"
      memberStatus={memberStatus}
      open={false}
      onOpen={onOpen}
      now={now}
    />,
  );
  return { card: screen.getByRole('button'), onOpen };
}

const barWidth = (card: HTMLElement) =>
  card.querySelector<HTMLElement>('.fill-bar')?.style.inlineSize;

describe('class card', () => {
  it('names the class by time, then name, with its length, coach initials and branch', () => {
    const { card, onOpen } = renderCard(ride());
    expect(card.textContent).toMatch(/^18:0045 minCycling/);
    expect(card.querySelector('.ui-avatar')?.textContent).toBe('AL');
    expect(card.textContent).toContain('Ana López');
    expect(card.textContent).toContain('Centro');
    fireEvent.click(card);
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('shows the spots left and how full the class is', () => {
    const { card } = renderCard(ride({ bookedCount: 5 }));
    expect(card.textContent).toContain('15 spots left');
    expect(card.textContent).not.toContain('Few spots left');
    expect(barWidth(card)).toBe('25%');
  });

  it('says "few spots left" when three or fewer remain', () => {
    const { card } = renderCard(ride({ bookedCount: 17 }));
    expect(card.querySelector('.ui-badge-warning')?.textContent).toBe('Few spots left');
    expect(barWidth(card)).toBe('85%');
  });

  it('says the class is full', () => {
    const { card } = renderCard(ride({ bookedCount: 20 }));
    expect(card.querySelector('.ui-badge-danger')?.textContent).toBe('Full');
    expect(barWidth(card)).toBe('100%');
  });

  it('shows the member’s own place instead of the count', () => {
    const { card } = renderCard(ride({ bookedCount: 19 }), 'Booked');
    expect(card.querySelector('.ui-badge-primary')?.textContent).toBe('Booked');
    expect(card.textContent).not.toContain('Few spots left');
  });

  it('shows a cancelled class without a fill bar', () => {
    const { card } = renderCard(ride({ status: 'cancelled', bookedCount: 3 }));
    expect(card.textContent).toContain('Cancelled');
    expect(card.querySelector('.fill-track')).toBeNull();
  });
});

describe('fillOf', () => {
  it('counts a fifth of a large class as few', () => {
    expect(fillOf(50, 40)).toEqual({ left: 10, ratio: 0.8, few: true });
    expect(fillOf(50, 39)).toEqual({ left: 11, ratio: 0.78, few: false });
  });

  it('never calls a full class "few" and never goes below zero', () => {
    expect(fillOf(4, 6)).toEqual({ left: 0, ratio: 1, few: false });
  });

  it.each([
    ['under way', toEpoch('2025-06-11', '18:10'), 'In progress'],
    ['over', toEpoch('2025-06-11', '19:00'), 'Ended'],
  ])('says a class %s is so, never how many spots are left', (_, now, badge) => {
    const { card } = renderCard(ride({ bookedCount: 4 }), undefined, now);
    expect(card.textContent).toContain(badge);
    expect(card.textContent).not.toContain('spots left');
    expect(card.querySelector('.fill-track')).toBeNull();
  });
});
