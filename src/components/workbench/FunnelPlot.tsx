// Funnel plot: each study's effect (analysis scale) against its standard error, the SE axis
// reversed so large studies sit at the top, with the pooled estimate and its pseudo 95% limits.
import React, {forwardRef, useId} from 'react';
import type {AnalysisResult} from '@site/shared/metaAnalysis/analysis';
// The plots share one figure style with the forest plot.
import styles from '@site/src/components/lesson/ForestPlot/styles.module.css';
import {linearScale} from '@site/src/lib/plotScale';

const WIDTH = 520;
const HEIGHT = 340;
/** The plotting area inside the SVG, framed by the two axes. */
const AREA = {left: 60, right: 500, top: 20, bottom: 290};

const FunnelPlot = forwardRef<SVGSVGElement, {result: AnalysisResult}>(function FunnelPlot({result}, ref) {
  const titleId = useId();
  const points = result.studies.filter((s) => s.yi !== null && s.se !== null) as {study: string; yi: number; se: number}[];
  const maxSe = Math.max(...points.map((p) => p.se)) * 1.1;
  const spread = 1.96 * maxSe;
  const xs = [...points.map((p) => p.yi), result.estimate - spread, result.estimate + spread];
  const xmin = Math.min(...xs);
  const xmax = Math.max(...xs);
  const {left, right, top, bottom} = AREA;
  const x = linearScale([xmin, xmax], [left, right]);
  const y = linearScale([0, maxSe], [top, bottom]);
  const axisLabel = result.scale === 'log' ? `log ${result.measure}` : result.measure;
  return (
    <figure className={styles.figure}>
      <svg ref={ref} xmlns="http://www.w3.org/2000/svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className={styles.plot} role="img" aria-labelledby={titleId}>
        <title id={titleId}>{`Funnel plot: ${points.length} studies, ${axisLabel} against standard error; the pooled estimate is ${result.estimate.toFixed(3)}`}</title>
        <g fontFamily="sans-serif" fontSize="12" fill="currentColor">
          <polygon points={`${x(result.estimate)},${y(0)} ${x(result.estimate - spread)},${y(maxSe)} ${x(result.estimate + spread)},${y(maxSe)}`} fill="none" stroke="currentColor" strokeDasharray="4 3" />
          <line x1={x(result.estimate)} x2={x(result.estimate)} y1={y(0)} y2={y(maxSe)} stroke="currentColor" />
          {points.map((p) => (
            <circle key={p.study} cx={x(p.yi)} cy={y(p.se)} r={4} fill="#2e8555">
              <title>{`${p.study}: ${p.yi.toFixed(3)}, SE ${p.se.toFixed(3)}`}</title>
            </circle>
          ))}
          <line x1={left} x2={right} y1={bottom} y2={bottom} stroke="currentColor" />
          <line x1={left} x2={left} y1={top} y2={bottom} stroke="currentColor" />
          <text x={(left + right) / 2} y={bottom + 34} textAnchor="middle">{axisLabel}</text>
          <text x={x(xmin)} y={bottom + 16} textAnchor="start">{xmin.toFixed(2)}</text>
          <text x={x(xmax)} y={bottom + 16} textAnchor="end">{xmax.toFixed(2)}</text>
          <text x={left - 6} y={top + 4} textAnchor="end">0</text>
          <text x={left - 6} y={bottom} textAnchor="end">{maxSe.toFixed(2)}</text>
          <text x={14} y={(top + bottom) / 2} transform={`rotate(-90 14 ${(top + bottom) / 2})`} textAnchor="middle">Standard error</text>
        </g>
      </svg>
      <details>
        <summary>The funnel plot&apos;s numbers as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Study</th>
              <th scope="col">{axisLabel}</th>
              <th scope="col">Standard error</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.study}>
                <th scope="row">{p.study}</th>
                <td>{p.yi.toFixed(4)}</td>
                <td>{p.se.toFixed(4)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
});

export default FunnelPlot;
