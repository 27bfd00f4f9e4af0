// `npm run soak [-- --days N --seed S --members M --step MIN --plant NAME --report]`: a studio's
// life over simulated days with faults, every invariant checked (tests/soak/README.md). Prints
// the report; `--report` also writes it into docs/reliability.md. Exits 1 on a violation, with
// the seed and the history that led there.
import './quiet.ts';
import { parseArgs } from 'node:util';
import { writeReport, formatReport } from './report.ts';
import { isPlant } from './plants.ts';
import { runSoak } from './simulation.ts';

const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '30' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    members: { type: 'string', default: '40' },
    step: { type: 'string', default: '10' },
    plant: { type: 'string' },
    report: { type: 'boolean', default: false },
  },
});

function positive(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`--${name} must be a positive whole number (got ${String(text)})`);
    process.exit(2);
  }
  return value;
}

const plant = values.plant;
if (plant !== undefined && !isPlant(plant)) {
  console.error(`--plant: unknown plant "${plant}"`);
  process.exit(2);
}

const report = await runSoak({
  seed: positive('seed', values.seed),
  days: positive('days', values.days),
  members: positive('members', values.members),
  stepMinutes: positive('step', values.step),
  ...(plant !== undefined ? { plant } : {}),
  log: (line) => console.log(line),
});
console.log(formatReport(report));
if (values.report) writeReport(report);
process.exit(report.violations.length === 0 ? 0 : 1);
