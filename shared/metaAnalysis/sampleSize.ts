// Sample size per group for two independent groups, two-sided, as R computes it:
// power.prop.test (normal approximation, variance pooled under the null) and power.t.test
// (exact: the noncentral t, n found by uniroot over [2, 1e7] with R's tolerance), then the
// dropout inflation the sample-size lesson teaches: round up, divide by (1 − d), round up again.
import {ibeta, lgamma, pnorm, qnorm, qt} from './distributions';
import {R_TOL, uniroot} from './uniroot';

export interface SampleSize {
  /** n per group as R reports it (not rounded). */
  n: number;
  /** Participants to analyse per group: n rounded up. */
  analysed: number;
  /** Participants to recruit per group after dropout: analysed / (1 − dropout), rounded up. */
  recruited: number;
  /** Both groups together. */
  total: number;
}

export class SampleSizeError extends Error {}

/** Rounds up, ignoring floating-point dust: 63 / 0.9 is 70.00000000000001, not more than 70. */
export function roundUp(x: number): number {
  return Math.ceil(x - 1e-9);
}

export function inflateForDropout(analysed: number, dropout: number): number {
  if (!(dropout >= 0 && dropout < 1)) throw new SampleSizeError('dropout must be at least 0 and below 1');
  return roundUp(analysed / (1 - dropout));
}

function finish(n: number, dropout: number): SampleSize {
  const analysed = roundUp(n);
  const recruited = inflateForDropout(analysed, dropout);
  return {n, analysed, recruited, total: 2 * recruited};
}

function checkCommon(power: number, sigLevel: number): void {
  if (!(power > 0 && power < 1)) throw new SampleSizeError('power must be between 0 and 1 (for example 0.8)');
  if (!(sigLevel > 0 && sigLevel < 1)) throw new SampleSizeError('the significance level must be between 0 and 1 (for example 0.05)');
  if (power <= sigLevel / 2) throw new SampleSizeError('power must be above half the significance level');
}

export interface ProportionsInput {
  p1: number;
  p2: number;
  power: number;
  sigLevel: number;
  dropout: number;
}

/** power.prop.test(p1, p2, power, sig.level)$n with strict = FALSE, then dropout. */
export function twoProportions({p1, p2, power, sigLevel, dropout}: ProportionsInput): SampleSize {
  checkCommon(power, sigLevel);
  if (!(p1 > 0 && p1 < 1 && p2 > 0 && p2 < 1)) throw new SampleSizeError('both proportions must be between 0 and 1');
  if (p1 === p2) throw new SampleSizeError('the two proportions must differ');
  const qu = qnorm(1 - sigLevel / 2);
  const powerAt = (n: number) => pnorm((Math.sqrt(n) * Math.abs(p1 - p2) - qu * Math.sqrt((p1 + p2) * (1 - (p1 + p2) / 2))) / Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2)));
  return finish(solveN((n) => powerAt(n) - power, 1), dropout);
}

export interface MeansInput {
  delta: number;
  sd: number;
  power: number;
  sigLevel: number;
  dropout: number;
}

/** power.t.test(delta, sd, power, sig.level)$n, two-sample, two-sided, strict = FALSE, then dropout. */
export function twoMeans({delta, sd, power, sigLevel, dropout}: MeansInput): SampleSize {
  checkCommon(power, sigLevel);
  if (!(sd > 0)) throw new SampleSizeError('the standard deviation must be above 0');
  if (!(delta !== 0 && Number.isFinite(delta))) throw new SampleSizeError('the difference to detect must not be 0');
  const powerAt = (n: number) => {
    const nu = (n - 1) * 2;
    return 1 - pntLower(qt(1 - sigLevel / 2, nu), nu, Math.sqrt(n / 2) * (delta / sd));
  };
  return finish(solveN((n) => powerAt(n) - power, 2), dropout);
}

/** uniroot(f, c(lower, 1e7), extendInt = "upX"): power rises with n, so the bracket holds unless power is unreachable. */
function solveN(f: (n: number) => number, lower: number): number {
  if (f(1e7) < 0) throw new SampleSizeError('more than 10 million per group would be needed');
  if (f(lower) > 0) return lower;
  return uniroot(f, lower, 1e7, R_TOL, 1000).root;
}

/**
 * P(T ≤ t) for the noncentral t (R's pnt: AS 243, Lenth 1989, with Guenther's twin series;
 * a normal approximation for df above 4e5).
 */
export function pntLower(t: number, df: number, ncp: number): number {
  let negdel = false;
  let tt = t;
  let del = ncp;
  if (t < 0) {
    negdel = true;
    tt = -t;
    del = -ncp;
  }
  if (df > 4e5 || del * del > 2 * Math.LN2 * 1021) {
    const s = 1 / (4 * df);
    const z = (tt * (1 - s) - del) / Math.sqrt(1 + tt * tt * 2 * s);
    const lower = pnorm(z);
    return negdel ? 1 - lower : lower;
  }
  let x = t * t;
  x = x / (x + df);
  let tnc: number;
  if (x > 0) {
    const lambda = del * del;
    let p = 0.5 * Math.exp(-0.5 * lambda);
    let q = Math.sqrt(2 / Math.PI) * p * del;
    let s = 0.5 - p;
    if (s < 1e-7) s = -0.5 * Math.expm1(-0.5 * lambda);
    let a = 0.5;
    const b = 0.5 * df;
    const rxb = Math.pow(df / (t * t + df), b);
    const albeta = 0.5 * Math.log(Math.PI) + lgamma(b) - lgamma(0.5 + b);
    let xodd = ibeta(x, a, b);
    let godd = 2 * rxb * Math.exp(a * Math.log(x) - albeta);
    tnc = b * x;
    let xeven = tnc < 2.220446049250313e-16 ? tnc : 1 - rxb;
    let geven = tnc * rxb;
    tnc = p * xodd + q * xeven;
    for (let it = 1; it <= 1000; it++) {
      a += 1;
      xodd -= godd;
      xeven -= geven;
      godd *= (x * (a + b - 1)) / a;
      geven *= (x * (a + b - 0.5)) / (a + 0.5);
      p *= lambda / (2 * it);
      q *= lambda / (2 * it + 1);
      tnc += p * xodd + q * xeven;
      s -= p;
      if (s < -1e-10) break;
      if (s <= 0 && it > 1) break;
      const errbd = 2 * s * (xodd - godd);
      if (Math.abs(errbd) < 1e-12) break;
    }
  } else {
    tnc = 0;
  }
  tnc += pnorm(-del);
  const value = Math.min(tnc, 1);
  return negdel ? 1 - value : value;
}
