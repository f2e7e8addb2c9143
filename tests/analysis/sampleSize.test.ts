// Sample sizes against R's power.prop.test and power.t.test (one Rscript run for the whole grid),
// and the lesson's worked examples with its dropout rule (divide by 1 − d, round up at each stage).
import {execFileSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {inflateForDropout, twoMeans, twoProportions} from '../../shared/metaAnalysis/sampleSize';
import {rMissingReason} from './rMetafor';

const PROPORTIONS = [
  [0.3, 0.15, 0.8, 0.05],
  [0.5, 0.75, 0.9, 0.05],
  [0.1, 0.05, 0.8, 0.01],
  [0.02, 0.01, 0.9, 0.05],
  [0.6, 0.4, 0.95, 0.1],
  [0.01, 0.9, 0.8, 0.05],
] as const;

const MEANS = [
  [5, 10, 0.8, 0.05],
  [1, 1, 0.9, 0.05],
  [0.2, 1, 0.8, 0.05],
  [2.5, 4, 0.85, 0.01],
  [3, 1, 0.8, 0.05],
  [0.05, 1, 0.9, 0.05],
] as const;

function rGrid(): {prop: number[]; t: number[]} {
  const calls = [
    ...PROPORTIONS.map(([p1, p2, power, sig]) => `cat("prop", power.prop.test(p1=${p1}, p2=${p2}, power=${power}, sig.level=${sig})$n, "\\n")`),
    ...MEANS.map(([delta, sd, power, sig]) => `cat("t", power.t.test(delta=${delta}, sd=${sd}, power=${power}, sig.level=${sig})$n, "\\n")`),
  ];
  const out = execFileSync('Rscript', ['-e', `options(digits=15); ${calls.join('; ')}`], {encoding: 'utf8'});
  const lines = out.trim().split('\n').map((l) => l.trim().split(/\s+/));
  return {prop: lines.filter((l) => l[0] === 'prop').map((l) => Number(l[1])), t: lines.filter((l) => l[0] === 't').map((l) => Number(l[1]))};
}

const skipReason = rMissingReason();

describe.skipIf(skipReason !== null)('sample size agrees with R', () => {
  it('power.prop.test and power.t.test give the same n to 4 decimals', () => {
    const r = rGrid();
    PROPORTIONS.forEach(([p1, p2, power, sigLevel], i) => {
      const ours = twoProportions({p1, p2, power, sigLevel, dropout: 0});
      expect(ours.n, `power.prop.test(${p1}, ${p2}, ${power}, ${sigLevel})`).toBeCloseTo(r.prop[i]!, 4);
      expect(ours.analysed).toBe(Math.ceil(r.prop[i]!));
    });
    MEANS.forEach(([delta, sd, power, sigLevel], i) => {
      const ours = twoMeans({delta, sd, power, sigLevel, dropout: 0});
      expect(ours.n, `power.t.test(${delta}, ${sd}, ${power}, ${sigLevel})`).toBeCloseTo(r.t[i]!, 4);
      expect(ours.analysed).toBe(Math.ceil(r.t[i]!));
    });
  });
});

describe('sample size as the lesson teaches it', () => {
  it('two means: 5 mmHg, SD 10 → 63.77, 64 analysed, 72 recruited with 10% dropout', () => {
    const r = twoMeans({delta: 5, sd: 10, power: 0.8, sigLevel: 0.05, dropout: 0.1});
    expect(r.n).toBeCloseTo(63.77, 2);
    expect(r).toMatchObject({analysed: 64, recruited: 72, total: 144});
  });

  it('two proportions: 30% → 15% → 120.5, 121 analysed, 135 recruited with 10% dropout', () => {
    const r = twoProportions({p1: 0.3, p2: 0.15, power: 0.8, sigLevel: 0.05, dropout: 0.1});
    expect(r.n).toBeCloseTo(120.5, 1);
    expect(r).toMatchObject({analysed: 121, recruited: 135, total: 270});
  });

  it('divides by (1 − d) instead of multiplying, and 63 / 0.9 is exactly 70', () => {
    expect(inflateForDropout(63, 0.1)).toBe(70);
    expect(inflateForDropout(63, 0.2)).toBe(79);
    expect(() => inflateForDropout(63, 1)).toThrow(/below 1/);
  });

  it('refuses inputs that have no answer', () => {
    expect(() => twoProportions({p1: 0.3, p2: 0.3, power: 0.8, sigLevel: 0.05, dropout: 0})).toThrow(/must differ/);
    expect(() => twoMeans({delta: 5, sd: 0, power: 0.8, sigLevel: 0.05, dropout: 0})).toThrow(/standard deviation/);
    expect(() => twoMeans({delta: 5, sd: 10, power: 1.2, sigLevel: 0.05, dropout: 0})).toThrow(/power/);
  });
});
