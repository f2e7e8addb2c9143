// The common-effect inverse-variance risk ratio the meta-analysis lesson works by hand (Cochrane
// Handbook ch. 10), computed by the engine (escalc's log RR, rma's "FE" model). The lessons'
// <ForestPlot> draws it and the content tests check the numbers printed in the lessons against it,
// so figure, table and text cannot drift from each other or from the workbench.
import {qnorm} from './distributions';
import {binaryEffect} from './escalc';
import {intercept, rmaGivenTau2} from './rma';

/** One two-arm trial with a dichotomous outcome: events and participants per arm. */
export interface TwoByTwo {
  label: string;
  /** Events and participants in the experimental arm. */
  events1: number;
  total1: number;
  /** Events and participants in the comparator arm. */
  events2: number;
  total2: number;
}

export interface StudyEstimate extends TwoByTwo {
  riskRatio: number;
  logRiskRatio: number;
  variance: number;
  lower: number;
  upper: number;
  /** Inverse-variance weight, 1 / variance. */
  weight: number;
  /** Share of the total weight, 0–100. */
  weightPercent: number;
}

export interface PooledRiskRatio {
  studies: StudyEstimate[];
  logRiskRatio: number;
  standardError: number;
  riskRatio: number;
  lower: number;
  upper: number;
  /** Cochran's Q on k − 1 degrees of freedom. */
  q: number;
  df: number;
  /** I² as a percentage, 0 when Q ≤ df. */
  iSquared: number;
}

/** Log RR and its variance; refuses a zero or full cell. */
function studyEffect(trial: TwoByTwo): {logRiskRatio: number; variance: number} {
  // escalc would add 1/2 to every cell; the lesson's trials have no zero cell, and a continuity
  // correction is a choice a review must pre-specify, not one a lesson figure makes silently.
  const {events1, total1, events2, total2, label} = trial;
  if (events1 <= 0 || events2 <= 0 || events1 >= total1 || events2 >= total2) {
    throw new RangeError(`${label}: a zero or full cell needs a pre-specified correction`);
  }
  const {yi, vi} = binaryEffect({study: label, events_t: events1, n_t: total1, events_c: events2, n_c: total2}, 'RR');
  return {logRiskRatio: yi as number, variance: vi as number};
}

/** Common-effect (fixed-effect) inverse-variance pooled risk ratio with Q and I². */
export function poolRiskRatios(trials: readonly TwoByTwo[]): PooledRiskRatio {
  if (trials.length < 2) throw new RangeError('pooling needs at least two studies');
  const effects = trials.map(studyEffect);
  const y = effects.map((e) => e.logRiskRatio);
  const v = effects.map((e) => e.variance);
  const fit = rmaGivenTau2(y, v, intercept(trials.length), 0, {method: 'FE', knha: false});
  const totalWeight = v.reduce((sum, vi) => sum + 1 / vi, 0);
  const crit = qnorm(0.975);
  const studies = trials.map((trial, i) => {
    const {logRiskRatio, variance} = effects[i]!;
    const se = Math.sqrt(variance);
    const weight = 1 / variance;
    return {
      ...trial,
      logRiskRatio,
      variance,
      riskRatio: Math.exp(logRiskRatio),
      lower: Math.exp(logRiskRatio - crit * se),
      upper: Math.exp(logRiskRatio + crit * se),
      weight,
      weightPercent: (100 * weight) / totalWeight,
    };
  });
  return {
    studies,
    logRiskRatio: fit.b[0]!,
    standardError: fit.se[0]!,
    riskRatio: Math.exp(fit.b[0]!),
    lower: Math.exp(fit.ciLower[0]!),
    upper: Math.exp(fit.ciUpper[0]!),
    q: fit.QE,
    df: fit.k - fit.p,
    iSquared: fit.I2,
  };
}
