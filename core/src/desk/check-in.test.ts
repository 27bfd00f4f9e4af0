import { describe, expect, it } from 'vitest';
import { isDomainError } from '../errors';
import { chooseCheckInClass, type PassBooking } from './check-in';

const MIN = 60_000;
const NOW = Date.UTC(2026, 10, 28, 17, 0);
const settings = { checkInOpensMinutes: 60 };

function booking(classId: string, startsIn: number, extra: Partial<PassBooking> = {}): PassBooking {
  return {
    classId,
    startsAt: NOW + startsIn * MIN,
    duration: 45,
    status: 'booked',
    title: `Class ${classId}`,
    hour: '11:00',
    classCancelled: false,
    ...extra,
  };
}

function refusal(result: ReturnType<typeof chooseCheckInClass>) {
  if (!isDomainError(result)) throw new Error(`expected a refusal, got ${JSON.stringify(result)}`);
  return { code: result.code, key: result.messageKey, params: result.params };
}

describe('which class a pass checks into', () => {
  it.each([
    ['the one booking open for check-in', [booking('a', 30)], 'a'],
    ['the class starting soonest', [booking('late', 50), booking('soon', 10)], 'soon'],
    [
      'a class not started before one under way',
      [booking('now', -20), booking('next', 40)],
      'next',
    ],
    ['a class under way when nothing starts sooner', [booking('now', -20)], 'now'],
    ['past one already attended', [booking('a', 5, { status: 'attended' }), booking('b', 30)], 'b'],
    [
      'a booking marked no-show (they came after all)',
      [booking('a', -10, { status: 'no-show' })],
      'a',
    ],
  ])('takes %s', (_label, bookings, classId) => {
    expect(chooseCheckInClass(bookings, NOW, settings, 'Ana')).toEqual({ classId });
  });

  it('takes the class the desk has open when the member is booked in it', () => {
    const bookings = [booking('soon', 5), booking('wanted', 40)];
    expect(chooseCheckInClass(bookings, NOW, settings, 'Ana', 'wanted')).toEqual({
      classId: 'wanted',
    });
  });

  it.each([
    ['no booking at all', [], undefined, 'not-found', 'passNoBooking'],
    [
      'cancelled bookings only',
      [booking('a', 10, { status: 'cancelled' }), booking('b', 10, { classCancelled: true })],
      undefined,
      'not-found',
      'passNoBooking',
    ],
    ['a class that ended', [booking('a', -50)], undefined, 'not-found', 'passNoBooking'],
    ['a class later today', [booking('a', 120)], undefined, 'failed-precondition', 'passTooEarly'],
    [
      'every open class already attended',
      [booking('a', 10, { status: 'attended' })],
      undefined,
      'failed-precondition',
      'alreadyCheckedIn',
    ],
    [
      'another class open at the desk',
      [booking('a', 10)],
      'b',
      'failed-precondition',
      'passOtherClass',
    ],
    ['no booking in the class at the desk', [], 'b', 'not-found', 'passNotBookedHere'],
    [
      'the desk’s class not open yet',
      [booking('b', 120)],
      'b',
      'failed-precondition',
      'checkInTooEarly',
    ],
  ] as const)('refuses %s', (_label, bookings, wanted, code, key) => {
    const result = refusal(chooseCheckInClass([...bookings], NOW, settings, 'Ana', wanted));
    expect([result.code, result.key]).toEqual([code, key]);
  });

  it('names the member and the class in a refusal', () => {
    const result = refusal(
      chooseCheckInClass(
        [booking('a', 120, { title: 'Cycling', hour: '19:00' })],
        NOW,
        settings,
        'Ana',
      ),
    );
    expect(result.params).toEqual({ name: 'Ana', title: 'Cycling', hour: '19:00', minutes: 60 });
  });
});
