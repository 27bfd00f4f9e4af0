import { describe, expect, it } from 'vitest';
import { planFor, planNameKey, unmappedPlanNames } from './plans';

const catalogue = [
  { id: 'unlimited-daily', name: 'Unlimited, one class a day' },
  { id: 'two-a-week', name: 'Two classes a week' },
];

describe('an imported plan name', () => {
  it.each([
    ['Unlimited, one class a day', {}, 'unlimited-daily'],
    ['UNLIMITED – one class a day', {}, 'unlimited-daily'],
    ['Two Classes a Week', {}, 'two-a-week'],
    ['Monthly Unlimited (Autopay)', {}, undefined],
    [
      'Monthly Unlimited (Autopay)',
      { monthlyunlimitedautopay: 'unlimited-daily' },
      'unlimited-daily',
    ],
    // The admin's choice wins over a name match.
    ['Two classes a week', { twoclassesaweek: 'unlimited-daily' }, 'unlimited-daily'],
    ['¡!', {}, undefined],
  ] as const)('%s with %o → %s', (name, choices, expected) => {
    expect(planFor(name, choices, catalogue)).toBe(expected);
  });

  it('folds case, accents and punctuation into its key', () => {
    expect(planNameKey('Membresía Ilimitada – Mensual')).toBe('membresiailimitadamensual');
  });

  it('lists each unknown name once, as first written', () => {
    expect(
      unmappedPlanNames(
        ['Gold Monthly', 'gold monthly', 'Two classes a week', 'Silver'],
        {},
        catalogue,
      ),
    ).toEqual(['Gold Monthly', 'Silver']);
  });
});
