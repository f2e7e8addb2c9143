// A forest plot of effects already computed elsewhere (the workbench's engine), drawn to scale in
// ForestPlot's style: ratio measures on a log axis around 1, differences on a linear axis around 0,
// square AREA proportional to weight, the diamond spanning the pooled CI and, under a
// random-effects model, a bar for the prediction interval. A table alternative follows the SVG.
import React, {forwardRef, useId} from 'react';
import styles from './styles.module.css';

export interface ForestRow {
  label: string;
  /** Estimate and 95% CI on the reporting scale (ratios, not logs). */
  estimate: number;
  lower: number;
  upper: number;
  /** Weight in percent; null for a study left out. */
  weight: number | null;
}

export interface ForestChartProps {
  title: string;
  /** Name of the measure, e.g. "RR" or "SMD". */
  measure: string;
  log: boolean;
  rows: ForestRow[];
  pooled: {label: string; estimate: number; lower: number; upper: number};
  prediction?: {lower: number; upper: number} | null;
  favoursLeft?: string;
  favoursRight?: string;
}

const WIDTH = 760;
const ROW = 26;
const HEADER = 30;
const PLOT_LEFT = 430;
const PLOT_RIGHT = 740;
const MAX_SQUARE = 16;

const fmt = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2));

/** Nice tick values covering [min, max]. */
function ticksFor(min: number, max: number, log: boolean): number[] {
  if (log) {
    const candidates = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100];
    const inside = candidates.filter((t) => t >= min && t <= max);
    return inside.length >= 2 ? inside : [min, 1, max];
  }
  const span = max - min;
  const step = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100].find((s) => span / s <= 8) ?? 100;
  const out: number[] = [];
  for (let t = Math.ceil(min / step) * step; t <= max + 1e-9; t += step) out.push(Number(t.toFixed(6)));
  return out;
}

const ForestChart = forwardRef<SVGSVGElement, ForestChartProps>(function ForestChart({title, measure, log, rows, pooled, prediction, favoursLeft, favoursRight}, ref) {
  const titleId = useId();
  const descId = useId();
  const shown = rows.filter((r) => r.weight !== null);
  const nullValue = log ? 1 : 0;
  const values = [nullValue, pooled.lower, pooled.upper, ...shown.flatMap((r) => [r.lower, r.upper]), ...(prediction ? [prediction.lower, prediction.upper] : [])].filter(Number.isFinite);
  // Keep extreme intervals from squashing the plot: clip to a range around the data and draw arrows.
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (log) {
    min = Math.max(min, 0.01);
    max = Math.min(max, 100);
  }
  const t = (v: number) => (log ? Math.log(v) : v);
  const pad = (t(max) - t(min)) * 0.05 || 1;
  const lo = t(min) - pad;
  const hi = t(max) + pad;
  const x = (v: number) => PLOT_LEFT + ((Math.min(Math.max(t(v), lo), hi) - lo) / (hi - lo)) * (PLOT_RIGHT - PLOT_LEFT);
  const ticks = ticksFor(log ? Math.exp(lo) : lo, log ? Math.exp(hi) : hi, log);
  const maxWeight = Math.max(...shown.map((r) => r.weight ?? 0), 1e-9);
  const rowY = (i: number) => HEADER + ROW * (i + 0.5);
  const pooledY = rowY(rows.length) + 8;
  const predY = pooledY + ROW * 0.8;
  const axisY = (prediction ? predY : pooledY) + ROW * 0.8;
  const height = axisY + 44;
  const ci = (e: number, l: number, u: number) => `${fmt(e)} [${fmt(l)}, ${fmt(u)}]`;
  const description = [
    `${measure} on a ${log ? 'logarithmic' : 'linear'} axis, line of no effect at ${nullValue}.`,
    ...rows.map((r) => (r.weight === null ? `${r.label}: left out.` : `${r.label}: ${measure} ${ci(r.estimate, r.lower, r.upper)}, weight ${r.weight.toFixed(1)}%.`)),
    `${pooled.label}: ${measure} ${ci(pooled.estimate, pooled.lower, pooled.upper)}.`,
    ...(prediction ? [`95% prediction interval ${fmt(prediction.lower)} to ${fmt(prediction.upper)}.`] : []),
  ].join(' ');
  return (
    <figure className={styles.figure}>
      <svg ref={ref} xmlns="http://www.w3.org/2000/svg" className={styles.plot} viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        <g className={styles.text} fill="currentColor" fontFamily="sans-serif" fontSize="13">
          <text x={0} y={18} fontWeight="bold">Study</text>
          <text x={300} y={18} textAnchor="end" fontWeight="bold">Weight</text>
          <text x={420} y={18} textAnchor="end" fontWeight="bold">{`${measure} [95% CI]`}</text>
        </g>
        <line x1={x(nullValue)} x2={x(nullValue)} y1={HEADER} y2={axisY} stroke="currentColor" />
        {rows.map((r, i) => {
          const y = rowY(i);
          return (
            <g key={r.label} data-part="study" fontFamily="sans-serif" fontSize="13">
              <text x={0} y={y + 5} fill="currentColor">{r.label}</text>
              <text x={300} y={y + 5} textAnchor="end" fill="currentColor">{r.weight === null ? '—' : `${r.weight.toFixed(1)}%`}</text>
              <text x={420} y={y + 5} textAnchor="end" fill="currentColor">{r.weight === null ? 'left out' : ci(r.estimate, r.lower, r.upper)}</text>
              {r.weight !== null && (
                <>
                  <line x1={x(r.lower)} x2={x(r.upper)} y1={y} y2={y} stroke="currentColor" strokeWidth={1.5} />
                  <rect className={styles.mark} fill="#2e8555" x={x(r.estimate) - (MAX_SQUARE * Math.sqrt(r.weight / maxWeight)) / 2} y={y - (MAX_SQUARE * Math.sqrt(r.weight / maxWeight)) / 2} width={MAX_SQUARE * Math.sqrt(r.weight / maxWeight)} height={MAX_SQUARE * Math.sqrt(r.weight / maxWeight)} />
                </>
              )}
            </g>
          );
        })}
        <g data-part="pooled" fontFamily="sans-serif" fontSize="13" fontWeight="bold">
          <text x={0} y={pooledY + 5} fill="currentColor">{pooled.label}</text>
          <text x={300} y={pooledY + 5} textAnchor="end" fill="currentColor">100%</text>
          <text x={420} y={pooledY + 5} textAnchor="end" fill="currentColor">{ci(pooled.estimate, pooled.lower, pooled.upper)}</text>
          <polygon className={styles.mark} fill="#2e8555" points={`${x(pooled.lower)},${pooledY} ${x(pooled.estimate)},${pooledY - 8} ${x(pooled.upper)},${pooledY} ${x(pooled.estimate)},${pooledY + 8}`} />
        </g>
        {prediction && (
          <g data-part="prediction" fontFamily="sans-serif" fontSize="13">
            <text x={0} y={predY + 5} fill="currentColor">Prediction interval</text>
            <text x={420} y={predY + 5} textAnchor="end" fill="currentColor">{`${fmt(prediction.lower)} to ${fmt(prediction.upper)}`}</text>
            <line x1={x(prediction.lower)} x2={x(prediction.upper)} y1={predY} y2={predY} stroke="currentColor" strokeWidth={3} />
          </g>
        )}
        <g data-part="axis" fontFamily="sans-serif" fontSize="12" fill="currentColor">
          <line x1={PLOT_LEFT} x2={PLOT_RIGHT} y1={axisY} y2={axisY} stroke="currentColor" />
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={x(tick)} x2={x(tick)} y1={axisY} y2={axisY + 5} stroke="currentColor" />
              <text x={x(tick)} y={axisY + 18} textAnchor="middle">{tick}</text>
            </g>
          ))}
          {favoursLeft && <text x={x(nullValue) - 6} y={axisY + 36} textAnchor="end">{`Favours ${favoursLeft}`}</text>}
          {favoursRight && <text x={x(nullValue) + 6} y={axisY + 36}>{`Favours ${favoursRight}`}</text>}
        </g>
      </svg>
      <details className={styles.data}>
        <summary>The forest plot&apos;s numbers as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Study</th>
              <th scope="col">{`${measure} [95% CI]`}</th>
              <th scope="col">Weight</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                <td>{r.weight === null ? 'left out' : ci(r.estimate, r.lower, r.upper)}</td>
                <td>{r.weight === null ? '—' : `${r.weight.toFixed(1)}%`}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">{pooled.label}</th>
              <td>{ci(pooled.estimate, pooled.lower, pooled.upper)}</td>
              <td>100%</td>
            </tr>
          </tbody>
        </table>
      </details>
    </figure>
  );
});

export default ForestChart;
