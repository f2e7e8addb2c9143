// Between-study variance τ² as metafor's rma.uni() estimates it, for any design matrix X:
// DerSimonian–Laird in closed form, REML by Fisher scoring from the Hedges estimate with
// step-halving at 0 and metafor's convergence threshold (1e-5, 100 iterations), Paule–Mandel by
// uniroot() on the generalised Q over [0, max(100, 10·mad(y)²)] with R's default tolerance.
import {crossprodWeighted, crossprodWeightedY, invert, logDet, matVec, quadForm, type Matrix} from './linalg';
import {R_TOL, uniroot} from './uniroot';

export type Tau2Method = 'DL' | 'REML' | 'PM';

export const REML_THRESHOLD = 1e-5;
export const MAX_ITER = 100;
export const TAU2_MAX = 100;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** R's mad(): the median absolute deviation scaled by 1.4826. */
export function mad(xs: number[]): number {
  const m = median(xs);
  return 1.4826 * median(xs.map((x) => Math.abs(x - m)));
}

export class Tau2Error extends Error {}

/** Weighted residual sum of squares Σ w (y − Xb)² with b the weighted least-squares fit. */
export function weightedRss(y: number[], X: Matrix, w: number[]): number {
  if (X[0]!.length === 1 && X.every((x) => x[0] === 1)) return interceptRss(y, w);
  const b = matVec(invert(crossprodWeighted(X, w)), crossprodWeightedY(X, w, y));
  return y.reduce((s, yi, i) => {
    const fitted = X[i]!.reduce((t, x, j) => t + x * b[j]!, 0);
    return s + w[i]! * (yi - fitted) ** 2;
  }, 0);
}

// Intercept-only models (the main analysis and every leave-one-out refit) take these paths: the
// same sums without matrices, which keeps 100 studies well inside the page's recompute budget.
function interceptRss(y: number[], w: number[]): number {
  let sw = 0;
  let swy = 0;
  for (let i = 0; i < y.length; i++) {
    sw += w[i]!;
    swy += w[i]! * y[i]!;
  }
  const b = swy / sw;
  let rss = 0;
  for (let i = 0; i < y.length; i++) rss += w[i]! * (y[i]! - b) ** 2;
  return rss;
}

function interceptMoments(y: number[], w: number[]): {yPPy: number; trP: number; trPP: number} {
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let swy = 0;
  for (let i = 0; i < y.length; i++) {
    const wi = w[i]!;
    s1 += wi;
    s2 += wi * wi;
    s3 += wi * wi * wi;
    swy += wi * y[i]!;
  }
  const b = swy / s1;
  let yPPy = 0;
  for (let i = 0; i < y.length; i++) yPPy += (w[i]! * (y[i]! - b)) ** 2;
  return {yPPy, trP: s1 - s2 / s1, trPP: s2 - (2 * s3) / s1 + (s2 / s1) ** 2};
}

/**
 * The quantities Fisher scoring needs from P = W − WX(X'WX)⁻¹X'W without forming the k × k
 * matrix: Py = W(y − Xb), tr(P) = Σw − Σw²h and tr(PP) = Σw² − 2Σw³h + tr(M²) with
 * h = diag(XAX'), A = (X'WX)⁻¹ and M = A X'W²X.
 */
function projectionMoments(y: number[], X: Matrix, w: number[]): {yPPy: number; trP: number; trPP: number} {
  if (X[0]!.length === 1 && X.every((x) => x[0] === 1)) return interceptMoments(y, w);
  const A = invert(crossprodWeighted(X, w));
  const b = matVec(A, crossprodWeightedY(X, w, y));
  let yPPy = 0;
  let trP = 0;
  let trPP = 0;
  X.forEach((x, i) => {
    const wi = w[i]!;
    const h = quadForm(A, x);
    const py = wi * (y[i]! - x.reduce((s, xi, j) => s + xi * b[j]!, 0));
    yPPy += py * py;
    trP += wi - wi * wi * h;
    trPP += wi * wi - 2 * wi * wi * wi * h;
  });
  const XW2X = crossprodWeighted(X, w.map((wi) => wi * wi));
  const M = A.map((row) => XW2X.map((_, c) => row.reduce((s, a, r) => s + a * XW2X[r]![c]!, 0)));
  M.forEach((row, i) => row.forEach((m, j) => (trPP += m * M[j]![i]!)));
  return {yPPy, trP, trPP};
}

/** trace(P) for the fixed-effect weights 1/vi: the denominator of DL and of I². */
export function traceP(X: Matrix, w: number[]): number {
  const A = invert(crossprodWeighted(X, w));
  return w.reduce((s, wi, i) => s + wi - wi * wi * quadForm(A, X[i]!), 0);
}

function hedgesStart(y: number[], v: number[], X: Matrix): number {
  const k = y.length;
  const p = X[0]!.length;
  const ones = new Array<number>(k).fill(1);
  const A = invert(crossprodWeighted(X, ones));
  const rss = weightedRss(y, X, ones);
  const trPV = v.reduce((s, vi, i) => s + vi * (1 - quadForm(A, X[i]!)), 0);
  return (rss - trPV) / (k - p);
}

export function estimateTau2(method: Tau2Method, y: number[], v: number[], X: Matrix): number {
  const k = y.length;
  const p = X[0]!.length;
  if (method === 'DL') {
    const w = v.map((vi) => 1 / vi);
    const QE = weightedRss(y, X, w);
    return Math.max(0, (QE - (k - p)) / traceP(X, w));
  }
  if (method === 'PM') {
    const f = (tau2: number) => weightedRss(y, X, v.map((vi) => 1 / (vi + tau2))) - (k - p);
    const upper = Math.max(TAU2_MAX, 10 * mad(y) ** 2);
    if (f(0) < 0) return 0;
    if (f(upper) > 0) throw new Tau2Error(`Paule–Mandel: τ² is above ${upper}; use another method`);
    return uniroot(f, 0, upper, R_TOL, MAX_ITER).root;
  }
  let tau2 = Math.max(0, hedgesStart(y, v, X));
  let change = Infinity;
  let iter = 0;
  while (change > REML_THRESHOLD) {
    iter++;
    const old = tau2;
    const {yPPy, trP, trPP} = projectionMoments(y, X, v.map((vi) => 1 / (vi + tau2)));
    let adj = (yPPy - trP) / trPP;
    while (tau2 + adj < 0) adj /= 2;
    tau2 += adj;
    change = Math.abs(old - tau2);
    if (iter > MAX_ITER) throw new Tau2Error('REML: Fisher scoring did not converge');
  }
  // metafor's ll0check: Fisher scoring can stop at a local maximum above a higher likelihood at 0.
  if (remlLogLik(y, v, X, 0) - remlLogLik(y, v, X, tau2) > R_TOL && tau2 > REML_THRESHOLD) return 0;
  return Math.max(0, tau2);
}

function remlLogLik(y: number[], v: number[], X: Matrix, tau2: number): number {
  const k = y.length;
  const p = X[0]!.length;
  const w = v.map((vi) => 1 / (vi + tau2));
  return -0.5 * (k - p) * Math.log(2 * Math.PI) - 0.5 * v.reduce((s, vi) => s + Math.log(vi + tau2), 0) - 0.5 * logDet(crossprodWeighted(X, w)) - 0.5 * weightedRss(y, X, w);
}
