// The chlorhexidine review that runs through the systematic-review module, as numbers. The trial
// counts have one home, the <ForestPlot> element of meta-analysis.mdx (which draws the figure);
// every figure other lessons and knowledge checks quote (participants, events, the pooled RR, the
// summary-of-findings risks per 1,000) is derived here from those counts, so the tests compare
// each lesson with the same arithmetic instead of with another lesson.
import fs from 'node:fs';
import path from 'node:path';
import {DOCS_DIR} from './docsTree';
import {poolRiskRatios, type PooledRiskRatio, type TwoByTwo} from '../../shared/metaAnalysis/pooledRiskRatio';
import {analyse} from '../../shared/metaAnalysis/analysis';

export const META_ANALYSIS_LESSON = path.join(DOCS_DIR, 'modules/systematic-review/meta-analysis.mdx');

/** The trials plotted in the meta-analysis lesson (experimental arm 1 = chlorhexidine-alcohol). */
export function runningExampleStudies(): TwoByTwo[] {
  const lesson = fs.readFileSync(META_ANALYSIS_LESSON, 'utf8');
  const element = /<ForestPlot\b[\s\S]*?studies=\{(\[[\s\S]*?\])\}\s*\/>/.exec(lesson);
  if (!element) throw new Error('meta-analysis.mdx has no <ForestPlot studies={[…]} /> element');
  return JSON.parse(element[1] as string) as TwoByTwo[];
}

export interface Interval {
  point: number;
  lower: number;
  upper: number;
}

export interface RunningExample {
  /** The common-effect pool the forest plot draws (the same as DerSimonian–Laird here: τ² = 0). */
  pooled: PooledRiskRatio;
  /** The primary analysis: REML with a Hartung–Knapp–Sidik–Jonkman 95% CI, as a risk ratio. */
  primary: Interval;
  participants: number;
  events: number;
  /** Pooled control-arm risk per 1,000 (the summary of findings table's assumed risk). */
  controlPer1000: number;
  /** Risk per 1,000 with chlorhexidine-alcohol: control risk × RR and × each limit of the primary CI. */
  interventionPer1000: Interval;
  /** Fewer infections per 1,000: lower = most fewer (from the RR's lower limit), upper = least. */
  fewerPer1000: Interval;
}

export function runningExample(): RunningExample {
  const studies = runningExampleStudies();
  const pooled = poolRiskRatios(studies);
  const reml = analyse(
    {kind: 'binary', studies: studies.map((s) => ({study: s.label, events_t: s.events1, n_t: s.total1, events_c: s.events2, n_c: s.total2}))},
    {measure: 'RR', method: 'REML', hksj: true},
  );
  const primary = {point: Math.exp(reml.estimate), lower: Math.exp(reml.ci_lower), upper: Math.exp(reml.ci_upper)};
  const sum = (f: (s: TwoByTwo) => number) => studies.reduce((total, s) => total + f(s), 0);
  const controlPer1000 = (1000 * sum((s) => s.events2)) / sum((s) => s.total2);
  const times = (rr: number) => controlPer1000 * rr;
  return {
    pooled,
    primary,
    participants: sum((s) => s.total1 + s.total2),
    events: sum((s) => s.events1 + s.events2),
    controlPer1000,
    interventionPer1000: {point: times(primary.point), lower: times(primary.lower), upper: times(primary.upper)},
    fewerPer1000: {
      point: controlPer1000 - times(primary.point),
      lower: controlPer1000 - times(primary.lower),
      upper: controlPer1000 - times(primary.upper),
    },
  };
}
