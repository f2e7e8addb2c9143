// Inverse-variance pooling of risk ratios, the method the meta-analysis lesson teaches by hand
// (Cochrane Handbook ch. 10). The forest plot draws what this computes, and the content test
// checks the numbers printed in the lesson against it, so figure, table and text cannot drift.

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
  /** DerSimonian–Laird τ², 0 when Q ≤ df. */
  tauSquared: number;
}

const Z_95 = 1.959964;

export function logRiskRatio({events1, total1, events2, total2, label}: TwoByTwo): {logRiskRatio: number; variance: number} {
  // Zero cells make the log RR or its variance infinite; the lesson's trials have none, and
  // continuity corrections are a choice a review must pre-specify, not one to make silently here.
  if (events1 <= 0 || events2 <= 0 || events1 >= total1 || events2 >= total2) {
    throw new RangeError(`${label}: a zero or full cell needs a pre-specified correction`);
  }
  return {
    logRiskRatio: Math.log(events1 / total1 / (events2 / total2)),
    variance: 1 / events1 - 1 / total1 + 1 / events2 - 1 / total2,
  };
}

/** Common-effect (fixed-effect) inverse-variance pooled risk ratio with Q, I² and DL τ². */
export function poolRiskRatios(trials: readonly TwoByTwo[]): PooledRiskRatio {
  if (trials.length < 2) throw new RangeError('pooling needs at least two studies');
  const raw = trials.map((trial) => ({...trial, ...logRiskRatio(trial)}));
  const weights = raw.map((s) => 1 / s.variance);
  const sumW = weights.reduce((a, b) => a + b, 0);
  const pooled = raw.reduce((sum, s, i) => sum + (weights[i] as number) * s.logRiskRatio, 0) / sumW;
  const standardError = 1 / Math.sqrt(sumW);
  const q = raw.reduce((sum, s, i) => sum + (weights[i] as number) * (s.logRiskRatio - pooled) ** 2, 0);
  const df = trials.length - 1;
  const c = sumW - weights.reduce((a, w) => a + w * w, 0) / sumW;
  const studies = raw.map((s, i) => {
    const se = Math.sqrt(s.variance);
    const weight = weights[i] as number;
    return {
      ...s,
      riskRatio: Math.exp(s.logRiskRatio),
      lower: Math.exp(s.logRiskRatio - Z_95 * se),
      upper: Math.exp(s.logRiskRatio + Z_95 * se),
      weight,
      weightPercent: (100 * weight) / sumW,
    };
  });
  return {
    studies,
    logRiskRatio: pooled,
    standardError,
    riskRatio: Math.exp(pooled),
    lower: Math.exp(pooled - Z_95 * standardError),
    upper: Math.exp(pooled + Z_95 * standardError),
    q,
    df,
    iSquared: q > df ? (100 * (q - df)) / q : 0,
    tauSquared: Math.max(0, (q - df) / c),
  };
}
