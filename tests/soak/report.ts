// The soak's report: printed after a run, and with `--report` written into docs/reliability.md
// between the soak's markers, so the published figures are always a real run's.
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { SoakReport } from './simulation.ts';

const RELIABILITY = path.resolve(import.meta.dirname, '../../docs/reliability.md');
const BEGIN = '<!-- soak:begin -->';
const END = '<!-- soak:end -->';

function rows(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `| ${key} | ${value} |`)
    .join('\n');
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

export function formatReport(report: SoakReport): string {
  const lines = [
    `soak: seed ${report.seed}, ${report.days} simulated days (${report.from} → ${report.to}), ` +
      `${report.members} members at the start, ${report.steps} steps`,
    `  operations: ${total(report.operations)} (${Object.entries(report.operations)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})`,
    `  faults: ${total(report.faults)} (${Object.entries(report.faults)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})`,
    `  bookings standing at the end: ${report.paidBy.credit} paid by a credit, ${report.paidBy.plan} by a plan`,
    `  invariant checks: ${report.checks}; violations: ${report.violations.length}`,
    `  wall time ${(report.wallMs / 1000).toFixed(0)} s, peak RSS ${report.peakRssMb} MB`,
  ];
  if (report.failedAt) {
    lines.push(
      `VIOLATION at step ${report.failedAt.step}, simulated ${report.failedAt.simulated}; ` +
        `replay: npm run soak -- --seed ${report.seed} --days ${report.days} --members ${report.members} --step ${report.stepMinutes}${report.plant ? ` --plant ${report.plant}` : ''}`,
      ...report.violations.map((v) => `  ✖ ${v}`),
      'history (last entries):',
      ...report.failedAt.history.map((h) => `  ${h}`),
    );
  }
  return lines.join('\n');
}

/** Replaces the soak section of docs/reliability.md with this run's figures. */
export function writeReport(report: SoakReport): void {
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  const section = [
    BEGIN,
    `Last full run: \`npm run soak -- --days ${report.days} --seed ${report.seed} --members ${report.members} --step ${report.stepMinutes} --report\`, ` +
      `simulated ${report.from} → ${report.to}, ${report.steps} steps; wall time ${Math.round(report.wallMs / 60_000)} min, ` +
      `peak RSS ${report.peakRssMb} MB (load average at the end ${load}).`,
    '',
    `**Violations: ${report.violations.length}** over **${report.checks} invariant checks**.`,
    ...(report.failedAt
      ? [`Stopped at ${report.failedAt.simulated}: ${report.violations.join('; ')}.`]
      : []),
    `Bookings standing at the end: ${report.paidBy.credit} paid by a credit, ${report.paidBy.plan} by a plan.`,
    '',
    `| operation | count (${total(report.operations)}) |`,
    '|---|---|',
    rows(report.operations),
    '',
    `| fault injected | count (${total(report.faults)}) |`,
    '|---|---|',
    rows(report.faults),
    '',
    '| outcome | count |',
    '|---|---|',
    rows(report.outcomes),
    END,
  ].join('\n');
  const text = readFileSync(RELIABILITY, 'utf8');
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (begin === -1 || end === -1)
    throw new Error(`${RELIABILITY} has no ${BEGIN} … ${END} section`);
  writeFileSync(RELIABILITY, text.slice(0, begin) + section + text.slice(end + END.length));
}
