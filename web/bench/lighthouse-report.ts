/**
 * Reads a Lighthouse result (lhr) into the lines the benchmark prints, so a performance score
 * comes with its reasons: the five scored metrics, the LCP element and its phases, where the
 * main thread went, and the failing opportunities and diagnostics with their biggest items.
 * Only the parts of the lhr used here are typed.
 */

export interface LhrAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  metricSavings?: Partial<Record<'FCP' | 'LCP' | 'TBT' | 'CLS' | 'INP', number>>;
  details?: LhrDetails;
}

interface LhrDetails {
  type: string;
  overallSavingsMs?: number;
  overallSavingsBytes?: number;
  items?: LhrItem[];
}

type LhrItem = Record<string, unknown> & {
  node?: { snippet?: string; selector?: string; nodeLabel?: string };
  url?: unknown;
  items?: LhrItem[];
};

export interface Lhr {
  lighthouseVersion: string;
  finalDisplayedUrl?: string;
  runWarnings?: string[];
  environment?: { benchmarkIndex?: number };
  configSettings?: { throttlingMethod?: string; formFactor?: string };
  categories: Record<
    string,
    { score: number | null; auditRefs?: { id: string; weight: number }[] }
  >;
  audits: Record<string, LhrAudit>;
}

export interface Metric {
  name: string;
  /** Milliseconds, or the unitless layout-shift score for CLS. */
  value: number;
  display: string;
  /** 0–100, as Lighthouse scores the metric. */
  score: number;
}

/** The metrics Lighthouse 12 weighs into the performance score, in its report's order. */
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['Speed Index', 'speed-index'],
] as const;

/** Diagnostics worth printing even when they pass (with how many rows): where the time went. */
const ALWAYS = [
  ['mainthread-work-breakdown', 4],
  ['bootup-time', 4],
  ['network-requests', 20],
] as const;

const percent = (score: number | null | undefined) => Math.round((score ?? 0) * 100);

export function metricsOf(lhr: Lhr): Metric[] {
  return METRICS.map(([name, id]) => {
    const audit = lhr.audits[id];
    return {
      name,
      value: audit?.numericValue ?? Number.NaN,
      display: audit?.displayValue ?? 'n/a',
      score: percent(audit?.score),
    };
  });
}

const text = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(1);
  return '';
};

/** Figures of a table row, by the key Lighthouse gives them, with their unit. */
const FIGURES = [
  ['transferSize', 'KB transferred'],
  ['resourceSize', 'KB'],
  ['wastedBytes', 'KB unused'],
  ['total', ' ms total'],
  ['scripting', ' ms scripting'],
  ['scriptParseCompile', ' ms parse'],
  ['duration', ' ms'],
  ['wastedMs', ' ms wasted'],
  ['timing', ' ms'],
  ['score', ' shift'],
] as const;

/** A table row in a few words: its URL or element, then its byte and time figures. */
function describeItem(item: LhrItem, origin: string): string {
  const what =
    typeof item.url === 'string'
      ? item.url.replace(origin, '')
      : (item.node?.snippet ?? item.node?.selector ?? text(item.group ?? item.phase ?? item.label));
  const figures = FIGURES.filter(([key]) => typeof item[key] === 'number').map(([key, unit]) => {
    const value = item[key] as number;
    return unit.startsWith('KB') ? `${(value / 1024).toFixed(1)} ${unit}` : `${text(value)}${unit}`;
  });
  return [what.slice(0, 90), figures.join(', ')].filter(Boolean).join(' — ');
}

function tableItems(details: LhrDetails | undefined): LhrItem[] {
  if (!details?.items) return [];
  // A `list` detail holds tables (the LCP element audit: element, then phases).
  return details.type === 'list'
    ? details.items.flatMap((table) => table.items ?? [])
    : details.items;
}

/** Estimated savings in the report's own words, or '' when it names none. */
function savings(audit: LhrAudit): string {
  const metric = Object.entries(audit.metricSavings ?? {})
    .filter(([, value]) => typeof value === 'number' && value > 0)
    .map(([name, value]) => `${name} −${name === 'CLS' ? value.toFixed(3) : Math.round(value)}`);
  return metric.length > 0 ? ` (savings: ${metric.join(', ')})` : '';
}

export function explain(lhr: Lhr, itemsPerAudit = 4): string[] {
  const origin = lhr.finalDisplayedUrl ? new URL(lhr.finalDisplayedUrl).origin : '';
  const lines: string[] = [];
  const settings = lhr.configSettings;
  lines.push(
    `  ${settings?.formFactor ?? '?'} form factor, ${settings?.throttlingMethod ?? '?'} throttling, ` +
      `benchmark index ${lhr.environment?.benchmarkIndex ?? '?'} (lower = busier machine)`,
  );
  for (const warning of lhr.runWarnings ?? []) lines.push(`  warning: ${warning}`);
  lines.push('  metrics:');
  for (const metric of metricsOf(lhr)) {
    lines.push(`    ${metric.name.padEnd(12)}${metric.display.padStart(9)}  score ${metric.score}`);
  }

  const auditLines = (audit: LhrAudit, rows = itemsPerAudit) => {
    const head = `    ${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}`;
    return [
      head + savings(audit),
      ...tableItems(audit.details)
        .slice(0, rows)
        .map((item) => `      ${describeItem(item, origin)}`),
    ];
  };

  const lcp = lhr.audits['largest-contentful-paint-element'];
  if (lcp) lines.push('  LCP element and phases:', ...auditLines(lcp, 5).slice(1));

  const performanceIds = new Set(
    (lhr.categories.performance?.auditRefs ?? [])
      .filter((ref) => ref.weight === 0)
      .map((ref) => ref.id),
  );
  const failing = Object.values(lhr.audits)
    .filter(
      (audit) =>
        performanceIds.has(audit.id) &&
        audit.id !== 'largest-contentful-paint-element' &&
        audit.score !== null &&
        audit.score < 0.9 &&
        (audit.scoreDisplayMode === 'metricSavings' || audit.scoreDisplayMode === 'numeric'),
    )
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0));
  lines.push(`  failing opportunities and diagnostics: ${failing.length}`);
  for (const audit of failing) lines.push(...auditLines(audit));

  lines.push('  where the time went:');
  for (const [id, rows] of ALWAYS) {
    const audit = lhr.audits[id];
    if (audit) lines.push(...auditLines(audit, rows));
  }

  // The scored audits that cost accessibility or best-practices points, with their elements.
  for (const category of ['accessibility', 'best-practices']) {
    const lost = (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit): audit is LhrAudit => audit?.score !== null && (audit?.score ?? 1) < 1);
    if (lost.length === 0) continue;
    lines.push(`  failing ${category} audits: ${lost.length}`);
    for (const audit of lost) lines.push(...auditLines(audit));
  }
  return lines;
}
