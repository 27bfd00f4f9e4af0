// The chain simulation's small version: what `npm run bench:chain-sim -w functions` measures at
// 50 branches, run on 2 branches of 10 classes so that a broken simulation (or a booking path
// that oversells across instances) fails here rather than in a long benchmark run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPACITY, simulateChain } from '../../bench/support/chain-simulation';
import type { ChainResult } from '../../bench/support/chain-simulation';
import { startBenchStudio } from '../../bench/support/harness';
import type { BenchStudio } from '../../bench/support/harness';

const BRANCHES = 2;
const CLASSES = 10;

describe('chain simulation (2 branch instances)', () => {
  let studio: BenchStudio;
  let result: ChainResult;

  beforeAll(async () => {
    studio = await startBenchStudio('chain-simulation-test');
    result = await simulateChain(studio, {
      branches: BRANCHES,
      classes: CLASSES,
      staggerMs: 50,
    });
  }, 120_000);

  afterAll(async () => {
    await studio.stop();
  });

  it('fills every seat once, refuses the rest and conserves every credit', () => {
    const seats = BRANCHES * CLASSES * CAPACITY;
    expect(result.members).toBe(BRANCHES * CLASSES * 10);
    expect(result.release.latencies).toHaveLength(result.members);
    expect(result.release.outcomes).toEqual({
      ok: seats,
      'resource-exhausted': result.members - seats,
    });
    expect(result.booked).toBe(seats);
    expect(result.oversold).toBe(0);
    expect(result.unconserved).toBe(0);
    expect(result.violations).toBe(0);
  });

  it('refuses every winner onto a class that is full by then', () => {
    expect(result.refusals.latencies.length).toBeGreaterThan(0);
    expect(result.refusals.outcomes).toEqual({
      'resource-exhausted': result.refusals.latencies.length,
    });
  });

  it('counts the writes of each branch instance and of the default one', () => {
    expect(result.mainInstance).toBe('demo-studio-default-rtdb');
    for (let k = 0; k < BRANCHES; k += 1)
      expect(result.writes[result.instanceOf(k)]).toBeGreaterThan(0);
    // Credits are spent in the default instance: at least one write for each winning booking.
    expect(result.writes[result.mainInstance]).toBeGreaterThanOrEqual(
      BRANCHES * CLASSES * CAPACITY,
    );
  });

  it('opens each branch its stagger after the one before', () => {
    expect(result.release.branchSpan.map((span) => span.opened)).toEqual([0, 50]);
    for (const span of result.release.branchSpan) expect(span.done).toBeGreaterThan(span.opened);
  });
});
