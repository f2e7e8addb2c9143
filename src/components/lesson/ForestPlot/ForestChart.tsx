// The one forest plot drawing, of effects the engine (shared/metaAnalysis/) computed: the
// workbench's results and the lessons' <ForestPlot>. Drawn to scale: ratio measures on a log axis
// around 1, differences on a linear axis around 0, square AREA proportional to weight, the diamond
// spanning the pooled CI and, under a random-effects model, a bar for the prediction interval; an
// interval running off the axis ends in an arrowhead instead of a false end point. Colours come
// from currentColor and Infima variables, so the plot follows the light and dark themes. A table
// alternative follows the SVG.
import React, {forwardRef, useId, type ReactNode} from 'react';
import {linearScale} from '@site/src/lib/plotScale';
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
  /** Fixed axis ticks; the first and last set the axis range. Without them the axis fits the data. */
  ticks?: number[];
  /** Columns between the study name and the weight (e.g. events/N per arm): one value per row, and the pooled row's. */
  columns?: {header: string; tableHeader?: string; values: string[]; pooled: string}[];
  /** The SVG's text alternative, when the caller words it; otherwise one is generated. */
  description?: string;
  caption?: ReactNode;
  /** The disclosure's label for the table alternative. */
  tableSummary?: string;
}

const WIDTH = 760;
const ROW = 26;
const HEADER = 30;
const PLOT_RIGHT = 740;
const MAX_SQUARE = 16;
/** Right edge of the first extra column; each takes this much room. */
const FIRST_COLUMN = 205;
const COLUMN = 80;

/** x of each text column's right edge and of the plot's left edge; extra columns push the rest right. */
function layout(extra: number): {columns: number[]; weight: number; ci: number; plotLeft: number} {
  if (extra === 0) return {columns: [], weight: 300, ci: 420, plotLeft: 430};
  const columns = Array.from({length: extra}, (_, i) => FIRST_COLUMN + COLUMN * i);
  const weight = (columns.at(-1) as number) + 70;
  return {columns, weight, ci: weight + 130, plotLeft: weight + 145};
}

function Interval({x, lower, upper, y, lo, hi, t}: {x: (v: number) => number; lower: number; upper: number; y: number; lo: number; hi: number; t: (v: number) => number}): React.JSX.Element {
  const from = x(lower);
  const to = x(upper);
  return (
    <g data-part="ci">
      <line x1={from} x2={to} y1={y} y2={y} stroke="currentColor" strokeWidth={1.5} />
      {t(lower) < lo && <path d={`M${from + 6},${y - 4} L${from},${y} L${from + 6},${y + 4}`} fill="none" stroke="currentColor" />}
      {t(upper) > hi && <path d={`M${to - 6},${y - 4} L${to},${y} L${to - 6},${y + 4}`} fill="none" stroke="currentColor" />}
    </g>
  );
}

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

const ForestChart = forwardRef<SVGSVGElement, ForestChartProps>(function ForestChart(
  {title, measure, log, rows, pooled, prediction, favoursLeft, favoursRight, ticks: fixedTicks, columns = [], description: givenDescription, caption, tableSummary = 'The forest plot\'s numbers as a table'},
  ref,
) {
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
  const lo = fixedTicks ? t(fixedTicks[0] as number) : t(min) - pad;
  const hi = fixedTicks ? t(fixedTicks.at(-1) as number) : t(max) + pad;
  const {columns: columnX, weight: weightX, ci: ciX, plotLeft} = layout(columns.length);
  const axis = linearScale([lo, hi], [plotLeft, PLOT_RIGHT], {clamp: true});
  const x = (v: number) => axis(t(v));
  const ticks = fixedTicks ?? ticksFor(log ? Math.exp(lo) : lo, log ? Math.exp(hi) : hi, log);
  const maxWeight = Math.max(...shown.map((r) => r.weight ?? 0), 1e-9);
  const rowY = (i: number) => HEADER + ROW * (i + 0.5);
  const pooledY = rowY(rows.length) + 8;
  const predY = pooledY + ROW * 0.8;
  const axisY = (prediction ? predY : pooledY) + ROW * 0.8;
  const height = axisY + 44;
  const ci = (e: number, l: number, u: number) => `${fmt(e)} [${fmt(l)}, ${fmt(u)}]`;
  const description = givenDescription ?? [
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
          {columns.map((c, j) => (
            <text key={c.header} x={columnX[j]} y={18} textAnchor="end" fontWeight="bold">{c.header}</text>
          ))}
          <text x={weightX} y={18} textAnchor="end" fontWeight="bold">Weight</text>
          <text x={ciX} y={18} textAnchor="end" fontWeight="bold">{`${measure} [95% CI]`}</text>
        </g>
        <line data-part="null-line" x1={x(nullValue)} x2={x(nullValue)} y1={HEADER} y2={axisY} stroke="currentColor" />
        {rows.map((r, i) => {
          const y = rowY(i);
          const side = r.weight === null ? 0 : MAX_SQUARE * Math.sqrt(r.weight / maxWeight);
          return (
            <g key={r.label} data-part="study" data-label={r.label} fontFamily="sans-serif" fontSize="13">
              <text x={0} y={y + 5} fill="currentColor">{r.label}</text>
              {columns.map((c, j) => (
                <text key={c.header} x={columnX[j]} y={y + 5} textAnchor="end" fill="currentColor">{c.values[i]}</text>
              ))}
              <text x={weightX} y={y + 5} textAnchor="end" fill="currentColor">{r.weight === null ? '—' : `${r.weight.toFixed(1)}%`}</text>
              <text x={ciX} y={y + 5} textAnchor="end" fill="currentColor">{r.weight === null ? 'left out' : ci(r.estimate, r.lower, r.upper)}</text>
              {r.weight !== null && (
                <>
                  <Interval x={x} t={t} lo={lo} hi={hi} lower={r.lower} upper={r.upper} y={y} />
                  <rect data-part="square" className={styles.mark} fill="#2e8555" x={x(r.estimate) - side / 2} y={y - side / 2} width={side} height={side} />
                </>
              )}
            </g>
          );
        })}
        <g data-part="pooled" fontFamily="sans-serif" fontSize="13" fontWeight="bold">
          <text x={0} y={pooledY + 5} fill="currentColor">{pooled.label}</text>
          {columns.map((c, j) => (
            <text key={c.header} x={columnX[j]} y={pooledY + 5} textAnchor="end" fill="currentColor">{c.pooled}</text>
          ))}
          <text x={weightX} y={pooledY + 5} textAnchor="end" fill="currentColor">100%</text>
          <text x={ciX} y={pooledY + 5} textAnchor="end" fill="currentColor">{ci(pooled.estimate, pooled.lower, pooled.upper)}</text>
          <polygon data-part="diamond" className={styles.mark} fill="#2e8555" points={`${x(pooled.lower)},${pooledY} ${x(pooled.estimate)},${pooledY - 8} ${x(pooled.upper)},${pooledY} ${x(pooled.estimate)},${pooledY + 8}`} />
        </g>
        {prediction && (
          <g data-part="prediction" fontFamily="sans-serif" fontSize="13">
            <text x={0} y={predY + 5} fill="currentColor">Prediction interval</text>
            <text x={ciX} y={predY + 5} textAnchor="end" fill="currentColor">{`${fmt(prediction.lower)} to ${fmt(prediction.upper)}`}</text>
            <line x1={x(prediction.lower)} x2={x(prediction.upper)} y1={predY} y2={predY} stroke="currentColor" strokeWidth={3} />
          </g>
        )}
        <g data-part="axis" fontFamily="sans-serif" fontSize="12" fill="currentColor">
          <line x1={plotLeft} x2={PLOT_RIGHT} y1={axisY} y2={axisY} stroke="currentColor" />
          {ticks.map((tick) => (
            <g key={tick} data-part="tick" data-value={tick}>
              <line x1={x(tick)} x2={x(tick)} y1={axisY} y2={axisY + 5} stroke="currentColor" />
              <text x={x(tick)} y={axisY + 18} textAnchor="middle">{tick}</text>
            </g>
          ))}
          {favoursLeft && <text x={x(nullValue) - 6} y={axisY + 36} textAnchor="end">{`Favours ${favoursLeft}`}</text>}
          {favoursRight && <text x={x(nullValue) + 6} y={axisY + 36}>{`Favours ${favoursRight}`}</text>}
        </g>
      </svg>
      {caption && <figcaption className={styles.caption}>{caption}</figcaption>}
      <details className={styles.data}>
        <summary>{tableSummary}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Study</th>
              {columns.map((c) => (
                <th key={c.header} scope="col">{c.tableHeader ?? c.header}</th>
              ))}
              <th scope="col">{`${measure} [95% CI]`}</th>
              <th scope="col">Weight</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                {columns.map((c) => (
                  <td key={c.header}>{c.values[i]}</td>
                ))}
                <td>{r.weight === null ? 'left out' : ci(r.estimate, r.lower, r.upper)}</td>
                <td>{r.weight === null ? '—' : `${r.weight.toFixed(1)}%`}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">{pooled.label}</th>
              {columns.map((c) => (
                <td key={c.header}>{c.pooled}</td>
              ))}
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
