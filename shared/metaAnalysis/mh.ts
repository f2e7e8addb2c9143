// Mantel–Haenszel pooling as metafor's rma.mh() does it: the pooled estimate and its variance from
// the raw 2×2 counts (Robins–Breslow–Greenland for OR, Greenland–Robins for RR, Greenland–Robins /
// Sato for RD), no continuity correction; Q and I² from the escalc effects of the included studies
// around the MH estimate.
import {pchisqUpper, pTwoSidedZ, qnorm} from './distributions';
import type {BinaryMeasure, BinaryStudy} from './types';

export interface MhFit {
  estimate: number;
  se: number;
  z: number;
  pval: number;
  ciLower: number;
  ciUpper: number;
  /** Each table's MH weight as a percentage. */
  weights: number[];
}

export class MhError extends Error {}

export function mantelHaenszel(studies: BinaryStudy[], measure: BinaryMeasure): MhFit {
  const t = studies.map((s) => ({a: s.events_t, b: s.n_t - s.events_t, c: s.events_c, d: s.n_c - s.events_c, n1: s.n_t, n2: s.n_c, n: s.n_t + s.n_c}));
  let estimate: number;
  let variance: number;
  let w: number[];
  if (measure === 'OR') {
    const R = t.reduce((s, x) => s + (x.a * x.d) / x.n, 0);
    const S = t.reduce((s, x) => s + (x.b * x.c) / x.n, 0);
    if (R === 0 || S === 0) throw new MhError('Mantel–Haenszel odds ratio is 0 or infinite: every study has no events in one arm');
    const P = t.reduce((s, x) => s + (((x.a + x.d) / x.n) * x.a * x.d) / x.n, 0);
    const Q = t.reduce((s, x) => s + (((x.a + x.d) / x.n) * x.b * x.c) / x.n + (((x.b + x.c) / x.n) * x.a * x.d) / x.n, 0);
    const SS = t.reduce((s, x) => s + (((x.b + x.c) / x.n) * x.b * x.c) / x.n, 0);
    estimate = Math.log(R / S);
    variance = P / (2 * R * R) + Q / (2 * R * S) + SS / (2 * S * S);
    w = t.map((x) => (x.b * x.c) / x.n);
  } else if (measure === 'RR') {
    const R = t.reduce((s, x) => s + (x.a * x.n2) / x.n, 0);
    const S = t.reduce((s, x) => s + (x.c * x.n1) / x.n, 0);
    if (R === 0 || S === 0) throw new MhError('Mantel–Haenszel risk ratio is 0 or infinite: one arm has no events in any study');
    estimate = Math.log(R / S);
    variance = t.reduce((s, x) => s + ((x.n1 / x.n) * (x.n2 / x.n) * (x.a + x.c) - (x.a / x.n) * x.c), 0) / (R * S);
    w = t.map((x) => (x.c * x.n1) / x.n);
  } else {
    const denom = t.reduce((s, x) => s + (x.n1 * x.n2) / x.n, 0);
    estimate = t.reduce((s, x) => s + (x.a * x.n2) / x.n - (x.c * x.n1) / x.n, 0) / denom;
    const part1 = t.reduce((s, x) => s + x.c * (x.n1 / x.n) ** 2 - x.a * (x.n2 / x.n) ** 2 + ((x.n1 / x.n) * (x.n2 / x.n) * (x.n2 - x.n1)) / 2, 0);
    const part2 = t.reduce((s, x) => s + (x.a * (x.n2 - x.c)) / x.n + (x.c * (x.n1 - x.a)) / x.n, 0);
    variance = (estimate * part1 + part2 / 2) / (denom * denom);
    w = t.map((x) => (x.n1 * x.n2) / x.n);
  }
  const se = Math.sqrt(variance);
  const crit = qnorm(0.975);
  const total = w.reduce((s, x) => s + x, 0);
  return {
    estimate,
    se,
    z: estimate / se,
    pval: pTwoSidedZ(estimate / se),
    ciLower: estimate - crit * se,
    ciUpper: estimate + crit * se,
    weights: w.map((x) => (total > 0 ? (100 * x) / total : 0)),
  };
}

/** Q and I² of the escalc effects around the MH estimate, as rma.mh reports them. */
export function mhHeterogeneity(y: number[], v: number[], estimate: number): {Q: number; Qp: number; I2: number; H2: number} {
  const k = y.length;
  const Q = y.reduce((s, yi, i) => s + (yi - estimate) ** 2 / v[i]!, 0);
  return {
    Q,
    Qp: k > 1 ? pchisqUpper(Q, k - 1) : 1,
    I2: Q > 0 && k > 1 ? Math.max(0, (100 * (Q - (k - 1))) / Q) : 0,
    H2: k > 1 ? Q / (k - 1) : 1,
  };
}
