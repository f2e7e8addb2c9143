// Inverse-variance models as metafor's rma.uni() fits them: common effect ("FE") or random
// effects with τ² from DL, REML or PM, optionally with moderators (Egger's test, subgroup
// differences), with Wald-type z tests or test = "knha" (Hartung–Knapp–Sidik–Jonkman: the
// variance scaled by the weighted residual mean square, unmodified, and t on k − p df).
import {pchisqUpper, pfUpper, pTwoSidedT, pTwoSidedZ, qnorm, qt} from './distributions';
import {crossprodWeighted, crossprodWeightedY, invert, matVec, quadForm, type Matrix} from './linalg';
import {estimateTau2, traceP, weightedRss, type Tau2Method} from './tau2';

export type RmaMethod = 'FE' | Tau2Method;

export interface RmaOptions {
  method: RmaMethod;
  knha: boolean;
}

export interface RmaFit {
  k: number;
  p: number;
  method: RmaMethod;
  knha: boolean;
  b: number[];
  se: number[];
  /** z or t statistics of the coefficients. */
  stat: number[];
  pval: number[];
  ciLower: number[];
  ciUpper: number[];
  vb: Matrix;
  tau2: number;
  QE: number;
  QEp: number;
  I2: number;
  H2: number;
  /** Degrees of freedom of the t tests under knha, otherwise null (normal). */
  ddf: number | null;
  /** Omnibus test of the moderators (all coefficients but the intercept), when there are any. */
  QM: number | null;
  QMdf: [number, number | null] | null;
  QMp: number | null;
}

export const intercept = (k: number): Matrix => Array.from({length: k}, () => [1]);

export function rma(y: number[], v: number[], X: Matrix, options: RmaOptions): RmaFit {
  return rmaGivenTau2(y, v, X, options.method === 'FE' ? 0 : estimateTau2(options.method, y, v, X), options);
}

/**
 * rma() once τ² is known (0 for "FE"). Its own export so that a caller fitting only the common
 * effect (the lessons' forest plot) does not bundle the τ² estimators.
 */
export function rmaGivenTau2(y: number[], v: number[], X: Matrix, tau2: number, {method, knha}: RmaOptions): RmaFit {
  const k = y.length;
  const p = X[0]!.length;
  const wFixed = v.map((vi) => 1 / vi);
  const QE = weightedRss(y, X, wFixed);
  const w = v.map((vi) => 1 / (vi + tau2));
  const unscaled = invert(crossprodWeighted(X, w));
  const b = matVec(unscaled, crossprodWeightedY(X, w, y));
  let vb = unscaled;
  const ddf = knha ? k - p : null;
  if (knha) {
    const s2w = weightedRss(y, X, w) / (k - p);
    vb = unscaled.map((row) => row.map((x) => x * s2w));
  }
  const se = vb.map((row, i) => Math.sqrt(row[i]!));
  const stat = b.map((bi, i) => bi / se[i]!);
  const pval = stat.map((s) => (ddf === null ? pTwoSidedZ(s) : pTwoSidedT(s, ddf)));
  const crit = ddf === null ? qnorm(0.975) : qt(0.975, ddf);
  const QEp = k - p > 0 ? pchisqUpper(QE, k - p) : 1;
  let I2: number;
  let H2: number;
  if (method === 'FE') {
    I2 = QE > 0 ? Math.max(0, (100 * (QE - (k - p))) / QE) : 0;
    H2 = k - p > 0 ? QE / (k - p) : 1;
  } else {
    const vt = (k - p) / traceP(X, wFixed);
    I2 = (100 * tau2) / (vt + tau2);
    H2 = tau2 / vt + 1;
  }
  let QM: number | null = null;
  let QMdf: [number, number | null] | null = null;
  let QMp: number | null = null;
  if (p > 1) {
    const idx = Array.from({length: p - 1}, (_, i) => i + 1);
    const sub = invert(idx.map((r) => idx.map((c) => vb[r]![c]!)));
    const q = quadForm(sub, idx.map((i) => b[i]!));
    if (ddf === null) {
      QM = q;
      QMdf = [p - 1, null];
      QMp = pchisqUpper(q, p - 1);
    } else {
      QM = q / (p - 1);
      QMdf = [p - 1, ddf];
      QMp = pfUpper(QM, p - 1, ddf);
    }
  }
  return {
    k,
    p,
    method,
    knha,
    b,
    se,
    stat,
    pval,
    ciLower: b.map((bi, i) => bi - crit * se[i]!),
    ciUpper: b.map((bi, i) => bi + crit * se[i]!),
    vb,
    tau2,
    QE,
    QEp,
    I2,
    H2,
    ddf,
    QM,
    QMdf,
    QMp,
  };
}

/** predict() for an intercept-only model: the prediction interval uses the same critical value as the CI. */
export function predictionInterval(fit: RmaFit): {lower: number; upper: number} {
  const crit = fit.ddf === null ? qnorm(0.975) : qt(0.975, fit.ddf);
  const half = crit * Math.sqrt(fit.se[0]! ** 2 + fit.tau2);
  return {lower: fit.b[0]! - half, upper: fit.b[0]! + half};
}
