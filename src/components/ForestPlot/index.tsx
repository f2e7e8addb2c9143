// A forest plot drawn from the trials' own counts at render time, so the picture cannot disagree
// with the numbers in the lesson (see ./inverseVariance.ts). A lesson component
// (src/components/lessonComponentSources.ts); a lesson writes <ForestPlot studies={[…]} … /> with the 2×2 data.
// The ratio axis is logarithmic with the line of no effect at 1, squares have an AREA
// proportional to the study's weight, and the diamond spans the pooled 95% CI. Colours come
// from currentColor and Infima variables, so the plot follows the light and dark themes.
import React, {useId} from 'react';
import {poolRiskRatios, type StudyEstimate, type TwoByTwo} from './inverseVariance';
import styles from './styles.module.css';

export interface ForestPlotProps {
  /** What the figure shows; its accessible name and visible caption. */
  title: string;
  /** Short names of the experimental and comparator arms, used as column headers. */
  experimental: string;
  control: string;
  studies: TwoByTwo[];
  /** Axis ticks (risk ratios); the first and last set the axis range. */
  ticks?: number[];
}

const WIDTH = 760;
const ROW = 30;
const HEADER = 34;
const PLOT_LEFT = 500;
const PLOT_RIGHT = 740;
const MAX_SQUARE = 16;

const ratio = (value: number) => value.toFixed(2);
const ci = (s: {riskRatio: number; lower: number; upper: number}) => `${ratio(s.riskRatio)} [${ratio(s.lower)}, ${ratio(s.upper)}]`;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Maps a ratio to an x coordinate on a log axis spanning [min, max]. */
function logScale(min: number, max: number, left = PLOT_LEFT, right = PLOT_RIGHT): (value: number) => number {
  const span = Math.log(max) - Math.log(min);
  return (value) => left + ((Math.log(value) - Math.log(min)) / span) * (right - left);
}

function Interval({x, lower, upper, y, min, max}: {x: (v: number) => number; lower: number; upper: number; y: number; min: number; max: number}): React.JSX.Element {
  const from = x(Math.max(lower, min));
  const to = x(Math.min(upper, max));
  return (
    <g data-part="ci">
      <line x1={from} x2={to} y1={y} y2={y} stroke="currentColor" strokeWidth={1.5} />
      {/* An interval running off the axis ends in an arrowhead instead of a false end point. */}
      {lower < min && <path d={`M${from + 6},${y - 4} L${from},${y} L${from + 6},${y + 4}`} fill="none" stroke="currentColor" />}
      {upper > max && <path d={`M${to - 6},${y - 4} L${to},${y} L${to - 6},${y + 4}`} fill="none" stroke="currentColor" />}
    </g>
  );
}

export default function ForestPlot({title, experimental, control, studies, ticks = [0.2, 0.5, 1, 2, 5]}: ForestPlotProps): React.JSX.Element {
  const titleId = useId();
  const descId = useId();
  const result = poolRiskRatios(studies);
  const min = ticks[0] as number;
  const max = ticks.at(-1) as number;
  const x = logScale(min, max);
  const maxWeight = Math.max(...result.studies.map((s) => s.weight));
  const rowY = (i: number) => HEADER + ROW * (i + 0.5);
  const pooledY = rowY(result.studies.length) + 6;
  const axisY = pooledY + ROW * 0.7;
  const height = axisY + 46;
  const totals = {
    events1: sum(studies.map((s) => s.events1)),
    total1: sum(studies.map((s) => s.total1)),
    events2: sum(studies.map((s) => s.events2)),
    total2: sum(studies.map((s) => s.total2)),
  };
  const studyText = (s: StudyEstimate) =>
    `${s.label}: ${s.events1}/${s.total1} versus ${s.events2}/${s.total2}, weight ${s.weightPercent.toFixed(1)}%, risk ratio ${ratio(s.riskRatio)} (95% CI ${ratio(s.lower)} to ${ratio(s.upper)}).`;
  const description = [
    `Risk ratios on a logarithmic axis from ${min} to ${max}, line of no effect at 1; values below 1 favour ${experimental}.`,
    ...result.studies.map(studyText),
    `Pooled (common effect, inverse variance): risk ratio ${ratio(result.riskRatio)} (95% CI ${ratio(result.lower)} to ${ratio(result.upper)}).`,
    `Heterogeneity: Q = ${result.q.toFixed(2)} on ${result.df} degrees of freedom, I² = ${Math.round(result.iSquared)}%.`,
  ].join(' ');

  return (
    <figure className={styles.figure}>
      <svg className={styles.plot} viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        <g className={styles.text} fill="currentColor">
          <text x={0} y={20} fontWeight="bold">Study</text>
          <text x={205} y={20} textAnchor="end" fontWeight="bold">{experimental}</text>
          <text x={285} y={20} textAnchor="end" fontWeight="bold">{control}</text>
          <text x={355} y={20} textAnchor="end" fontWeight="bold">Weight</text>
          <text x={485} y={20} textAnchor="end" fontWeight="bold">RR [95% CI]</text>
        </g>
        {/* Line of no effect, from the first row to the axis. */}
        <line data-part="null-line" x1={x(1)} x2={x(1)} y1={HEADER} y2={axisY} stroke="currentColor" strokeWidth={1} />
        {result.studies.map((s, i) => {
          const y = rowY(i);
          const side = MAX_SQUARE * Math.sqrt(s.weight / maxWeight);
          return (
            <g key={s.label} data-part="study" data-label={s.label}>
              <g className={styles.text} fill="currentColor">
                <text x={0} y={y + 5}>{s.label}</text>
                <text x={205} y={y + 5} textAnchor="end">{`${s.events1}/${s.total1}`}</text>
                <text x={285} y={y + 5} textAnchor="end">{`${s.events2}/${s.total2}`}</text>
                <text x={355} y={y + 5} textAnchor="end">{`${s.weightPercent.toFixed(1)}%`}</text>
                <text x={485} y={y + 5} textAnchor="end">{ci(s)}</text>
              </g>
              <Interval x={x} lower={s.lower} upper={s.upper} y={y} min={min} max={max} />
              <rect data-part="square" className={styles.mark} x={x(s.riskRatio) - side / 2} y={y - side / 2} width={side} height={side} />
            </g>
          );
        })}
        <g data-part="pooled">
          <g className={styles.text} fill="currentColor" fontWeight="bold">
            <text x={0} y={pooledY + 5}>Pooled</text>
            <text x={205} y={pooledY + 5} textAnchor="end">{`${totals.events1}/${totals.total1}`}</text>
            <text x={285} y={pooledY + 5} textAnchor="end">{`${totals.events2}/${totals.total2}`}</text>
            <text x={355} y={pooledY + 5} textAnchor="end">100%</text>
            <text x={485} y={pooledY + 5} textAnchor="end">{ci(result)}</text>
          </g>
          <polygon
            data-part="diamond"
            className={styles.mark}
            points={[
              `${x(result.lower)},${pooledY}`,
              `${x(result.riskRatio)},${pooledY - 8}`,
              `${x(result.upper)},${pooledY}`,
              `${x(result.riskRatio)},${pooledY + 8}`,
            ].join(' ')}
          />
        </g>
        <g data-part="axis" className={styles.text} fill="currentColor">
          <line x1={PLOT_LEFT} x2={PLOT_RIGHT} y1={axisY} y2={axisY} stroke="currentColor" />
          {ticks.map((t) => (
            <g key={t} data-part="tick" data-value={t}>
              <line x1={x(t)} x2={x(t)} y1={axisY} y2={axisY + 5} stroke="currentColor" />
              <text x={x(t)} y={axisY + 18} textAnchor="middle">{t}</text>
            </g>
          ))}
          <text x={x(1) - 6} y={axisY + 36} textAnchor="end">{`Favours ${experimental}`}</text>
          <text x={x(1) + 6} y={axisY + 36}>{`Favours ${control}`}</text>
        </g>
      </svg>
      <figcaption className={styles.caption}>
        {title}. Common-effect inverse-variance model; heterogeneity Q = {result.q.toFixed(2)} (df = {result.df}), I² ={' '}
        {Math.round(result.iSquared)}%. Square areas are proportional to weight.
      </figcaption>
      <details className={styles.data}>
        <summary>The figure&apos;s numbers as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Study</th>
              <th scope="col">{experimental} events/N</th>
              <th scope="col">{control} events/N</th>
              <th scope="col">Weight</th>
              <th scope="col">RR [95% CI]</th>
            </tr>
          </thead>
          <tbody>
            {result.studies.map((s) => (
              <tr key={s.label}>
                <th scope="row">{s.label}</th>
                <td>{`${s.events1}/${s.total1}`}</td>
                <td>{`${s.events2}/${s.total2}`}</td>
                <td>{`${s.weightPercent.toFixed(1)}%`}</td>
                <td>{ci(s)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Pooled</th>
              <td>{`${totals.events1}/${totals.total1}`}</td>
              <td>{`${totals.events2}/${totals.total2}`}</td>
              <td>100%</td>
              <td>{ci(result)}</td>
            </tr>
          </tbody>
        </table>
      </details>
    </figure>
  );
}
