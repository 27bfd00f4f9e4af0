import { describe, expect, it } from 'vitest';
import { classCoachIds, coachesClass, teachingCoachId } from './teaching';

describe('who teaches a class', () => {
  it.each([
    [{ coach: 'carlos' }, 'carlos', ['carlos']],
    [{ coach: 'carlos', substitute: 'lucia' }, 'lucia', ['carlos', 'lucia']],
    [{ coach: 'carlos', substitute: 'carlos' }, 'carlos', ['carlos']],
  ])('%j is taught by %s; its roster is for %j', (cls, teacher, coaches) => {
    expect(teachingCoachId(cls)).toBe(teacher);
    expect(classCoachIds(cls)).toEqual(coaches);
  });

  it('lets a coach in through their own entry or the substitute entry, no other', () => {
    const cls = { coach: 'carlos', substitute: 'lucia' };
    expect(coachesClass(cls, new Set(['carlos']))).toBe(true);
    expect(coachesClass(cls, new Set(['lucia']))).toBe(true);
    expect(coachesClass(cls, new Set(['nadia']))).toBe(false);
    expect(coachesClass({ coach: 'carlos' }, new Set())).toBe(false);
  });
});
