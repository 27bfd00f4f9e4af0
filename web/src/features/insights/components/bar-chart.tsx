import { useId } from 'react';

export interface BarDatum {
  label: string;
  value: number | null;
}

interface BarChartProps {
  title: string;
  data: readonly BarDatum[];
  format: (value: number) => string;
  /** Column headers of the table alternative. */
  labelHeader: string;
  valueHeader: string;
  tableToggle: string;
  none: string;
}

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 18;

/**
 * A bar chart in plain SVG (no chart library: a few hundred bytes against tens of kilobytes):
 * the drawing is one image named by its title and a one-line summary; the same figures are in a
 * table under "Show as a table" for screen readers, keyboard and copying.
 */
export function BarChart({
  title,
  data,
  format,
  labelHeader,
  valueHeader,
  tableToggle,
  none,
}: BarChartProps) {
  const titleId = useId();
  const values = data.map((d) => d.value ?? 0);
  const max = Math.max(0, ...values);
  const peak = data.find((d) => d.value === max && max > 0);
  const summary = peak ? `${title}: ${data.length} · max ${format(max)} (${peak.label})` : title;
  const slot = data.length > 0 ? WIDTH / data.length : WIDTH;
  const barWidth = Math.max(1, slot * 0.8);
  return (
    <figure className="insights-chart card" aria-labelledby={titleId}>
      <figcaption id={titleId} className="insights-chart-title">
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`}
        role="img"
        aria-label={summary}
        className="insights-chart-svg"
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="insights-chart-axis" />
        {data.map((d, i) => {
          const h = max > 0 ? ((d.value ?? 0) / max) * (HEIGHT - 4) : 0;
          return (
            <rect
              key={d.label}
              x={i * slot + (slot - barWidth) / 2}
              y={HEIGHT - h}
              width={barWidth}
              height={h}
              className="insights-chart-bar"
            >
              <title>{`${d.label}: ${d.value === null ? none : format(d.value)}`}</title>
            </rect>
          );
        })}
        {data.length > 0 && (
          <>
            <text x={0} y={HEIGHT + AXIS - 4} className="insights-chart-label">
              {data[0]?.label}
            </text>
            <text x={WIDTH} y={HEIGHT + AXIS - 4} textAnchor="end" className="insights-chart-label">
              {data.at(-1)?.label}
            </text>
          </>
        )}
      </svg>
      <details className="insights-chart-table">
        <summary>{tableToggle}</summary>
        <table>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col">{valueHeader}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.label}>
                <th scope="row">{d.label}</th>
                <td>{d.value === null ? none : format(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
