// The lessons' forest plot: the trials' own counts pooled at render time by the engine
// (shared/metaAnalysis/pooledRiskRatio.ts, the common-effect inverse-variance model the lessons
// teach), so the picture cannot disagree with the numbers in the lesson, and drawn by ForestChart,
// the workbench's drawing. A lesson component (src/components/lesson/lessonComponentSources.ts); a lesson
// writes <ForestPlot studies={[…]} … /> with the 2×2 data.
import React from 'react';
import {poolRiskRatios, type StudyEstimate, type TwoByTwo} from '@site/shared/metaAnalysis/pooledRiskRatio';
import ForestChart from './ForestChart';

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

const ratio = (value: number) => value.toFixed(2);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export default function ForestPlot({title, experimental, control, studies, ticks = [0.2, 0.5, 1, 2, 5]}: ForestPlotProps): React.JSX.Element {
  const result = poolRiskRatios(studies);
  const studyText = (s: StudyEstimate) =>
    `${s.label}: ${s.events1}/${s.total1} versus ${s.events2}/${s.total2}, weight ${s.weightPercent.toFixed(1)}%, risk ratio ${ratio(s.riskRatio)} (95% CI ${ratio(s.lower)} to ${ratio(s.upper)}).`;
  const description = [
    `Risk ratios on a logarithmic axis from ${ticks[0]} to ${ticks.at(-1)}, line of no effect at 1; values below 1 favour ${experimental}.`,
    ...result.studies.map(studyText),
    `Pooled (common effect, inverse variance): risk ratio ${ratio(result.riskRatio)} (95% CI ${ratio(result.lower)} to ${ratio(result.upper)}).`,
    `Heterogeneity: Q = ${result.q.toFixed(2)} on ${result.df} degrees of freedom, I² = ${Math.round(result.iSquared)}%.`,
  ].join(' ');
  const arm = (header: string, events: (s: TwoByTwo) => number, total: (s: TwoByTwo) => number) => ({
    header,
    tableHeader: `${header} events/N`,
    values: studies.map((s) => `${events(s)}/${total(s)}`),
    pooled: `${sum(studies.map(events))}/${sum(studies.map(total))}`,
  });

  return (
    <ForestChart
      title={title}
      measure="RR"
      log
      ticks={ticks}
      rows={result.studies.map((s) => ({label: s.label, estimate: s.riskRatio, lower: s.lower, upper: s.upper, weight: s.weightPercent}))}
      pooled={{label: 'Pooled', estimate: result.riskRatio, lower: result.lower, upper: result.upper}}
      columns={[arm(experimental, (s) => s.events1, (s) => s.total1), arm(control, (s) => s.events2, (s) => s.total2)]}
      favoursLeft={experimental}
      favoursRight={control}
      description={description}
      caption={`${title}. Common-effect inverse-variance model; heterogeneity Q = ${result.q.toFixed(2)} (df = ${result.df}), I² = ${Math.round(result.iSquared)}%. Square areas are proportional to weight.`}
      tableSummary="The figure's numbers as a table"
    />
  );
}
