import { onSchedule } from 'firebase-functions/v2/scheduler';
import { STUDIO_TIME_ZONE } from '@studio/core';
import { adminDatabase } from '../../admin';
import { insightsRolledUp } from '../../handlers/insights/logs';
import { rollUpInsights as rollUpHandler } from '../../handlers/insights/roll-up-insights';
import { JOB_OPTIONS } from '../callable';

/**
 * `rollUpInsights` (docs/architecture/insights.md): at 02:15 in the studio's zone, re-computes
 * the studio's rollups from the first of the month 35 days back to yesterday. Every document of
 * that window is replaced, so a retry or a second run writes the same figures; items that
 * failed were logged one by one and the run then fails so Cloud Scheduler retries it. Locally
 * (no Pub/Sub in the emulator) the same handler runs in the tests and the benchmark.
 */
export const rollUpInsights = onSchedule(
  {
    ...JOB_OPTIONS,
    schedule: '15 2 * * *',
    timeZone: STUDIO_TIME_ZONE,
    memory: '512MiB',
    retryCount: 2,
  },
  async () => {
    const report = await rollUpHandler({ db: adminDatabase(), now: Date.now });
    insightsRolledUp({ ...report });
    if (report.failed > 0) throw new Error(`rollUpInsights: ${report.failed} items failed`);
  },
);
