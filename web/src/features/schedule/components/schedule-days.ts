import { weekdayName } from '../../../lib/weekday-name';

export { weekdayName };

/** At or below this many free spots (or a fifth of the class) a card says "few spots left". */
const FEW_SPOTS = 3;

export interface Fill {
  left: number;
  /** 0…1, how full the class is. */
  ratio: number;
  few: boolean;
}

export function fillOf(capacity: number, booked: number): Fill {
  const left = Math.max(0, capacity - booked);
  const ratio = capacity > 0 ? Math.min(1, booked / capacity) : 1;
  const few = left > 0 && left <= Math.max(FEW_SPOTS, Math.floor(capacity / 5));
  return { left, ratio, few };
}
