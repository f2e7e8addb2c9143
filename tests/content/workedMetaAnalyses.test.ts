// The worked meta-analyses (meta-analysis.mdx: the chlorhexidine trials; meta-analysis-in-depth.mdx:
// five knee-pain trials) report REML with a Hartung–Knapp–Sidik–Jonkman interval and a prediction
// interval as the primary analysis and DerSimonian–Laird with a Wald interval as the comparison.
// The figures are what metafor printed (fixtures/worked-meta-analyses.json, made by the R script
// beside it); the test checks that the fixture still describes the lessons' own data (recomputed
// with the TypeScript engine) and that each lesson prints the fixture's numbers.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {DOCS_DIR} from './docsTree';
import {META_ANALYSIS_LESSON, runningExampleStudies} from './runningExample';
import {analyse} from '../../shared/metaAnalysis/analysis';
import {pTwoSidedT, qt} from '../../shared/metaAnalysis/distributions';
import type {ContinuousStudy, Dataset} from '../../shared/metaAnalysis/types';

interface Summary {
  k: number;
  Q: number;
  reml: {estimate: number; se: number; tau2: number; tau2_ci_lower: number; tau2_ci_upper: number};
  hksj: {se: number; t_quantile: number; ci_lower: number; ci_upper: number; pval: number; q: number};
  prediction: {t_quantile: number; lower: number; upper: number};
  dl: {estimate: number; se: number; tau2: number; ci_lower: number; ci_upper: number; pval: number};
}

const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures/worked-meta-analyses.json'), 'utf8')) as {
  chlorhexidine: Summary;
  knee_pain: Summary;
};
const basic = fs.readFileSync(META_ANALYSIS_LESSON, 'utf8');
const inDepth = fs.readFileSync(path.join(DOCS_DIR, 'modules/systematic-review/meta-analysis-in-depth.mdx'), 'utf8');
const signed = (x: number, digits: number) => (x < 0 ? `−${(-x).toFixed(digits)}` : x.toFixed(digits));
const rr = (x: number) => Math.exp(x).toFixed(2);

/** The knee-pain trials as the in-depth lesson's table prints them: "| P1 | 60, 38 (20) | 60, 50 (22) | …". */
function kneeTrials(): ContinuousStudy[] {
  const rows = [...inDepth.matchAll(/^\| (P\d) \| (\d+), (\d+) \((\d+)\) \| (\d+), (\d+) \((\d+)\) \|/gm)];
  return rows.map((m) => {
    const [n_t, mean_t, sd_t, n_c, mean_c, sd_c] = m.slice(2, 8).map(Number) as [number, number, number, number, number, number];
    return {study: m[1] as string, mean_t, sd_t, n_t, mean_c, sd_c, n_c};
  });
}

/** Checks the fixture against the engine run on the lesson's own data, so a changed table fails here. */
function expectFixtureMatches(data: Dataset, measure: 'RR' | 'MD', expected: Summary): void {
  const reml = analyse(data, {measure, method: 'REML', hksj: false});
  const hksj = analyse(data, {measure, method: 'REML', hksj: true});
  const dl = analyse(data, {measure, method: 'DL', hksj: false});
  expect(reml.k).toBe(expected.k);
  expect(reml.Q).toBeCloseTo(expected.Q, 6);
  expect(reml.estimate).toBeCloseTo(expected.reml.estimate, 5);
  expect(reml.se).toBeCloseTo(expected.reml.se, 5);
  expect(reml.tau2).toBeCloseTo(expected.reml.tau2, 4);
  expect(hksj.se).toBeCloseTo(expected.hksj.se, 5);
  expect(hksj.ci_lower).toBeCloseTo(expected.hksj.ci_lower, 4);
  expect(hksj.ci_upper).toBeCloseTo(expected.hksj.ci_upper, 4);
  expect(hksj.pval).toBeCloseTo(expected.hksj.pval, 5);
  expect(dl.tau2).toBeCloseTo(expected.dl.tau2, 5);
  expect(dl.ci_lower).toBeCloseTo(expected.dl.ci_lower, 5);
  expect(dl.ci_upper).toBeCloseTo(expected.dl.ci_upper, 5);
  // The Handbook's prediction interval: t on k − 2 df with the REML model's standard error.
  const half = qt(0.975, reml.k - 2) * Math.sqrt(reml.tau2 + reml.se ** 2);
  expect(reml.estimate - half).toBeCloseTo(expected.prediction.lower, 4);
  expect(reml.estimate + half).toBeCloseTo(expected.prediction.upper, 4);
}

describe('meta-analysis lesson: REML + HKSJ is the primary analysis of the chlorhexidine trials', () => {
  const f = fixture.chlorhexidine;
  const data: Dataset = {
    kind: 'binary',
    studies: runningExampleStudies().map((s) => ({study: s.label, events_t: s.events1, n_t: s.total1, events_c: s.events2, n_c: s.total2})),
  };

  it('the R fixture describes the forest plot’s four trials', () => expectFixtureMatches(data, 'RR', f));

  it('prints REML’s τ², the HKSJ interval, the prediction interval and the DL comparison as metafor gives them', () => {
    expect(basic).toContain(`REML also estimates τ̂² = **${f.reml.tau2}**`);
    expect(basic).toContain(`Q-profile 95% CI for τ² of 0 to ${f.reml.tau2_ci_upper.toFixed(2)}`);
    expect(basic).toContain(`q = Q / (k − 1) = ${f.Q.toFixed(3)} / 3 = ${f.hksj.q.toFixed(3)}: SE = √${f.hksj.q.toFixed(3)} × ${f.reml.se.toFixed(4)} = ${f.hksj.se.toFixed(4)}`);
    expect(basic).toContain(`t = ${f.hksj.t_quantile.toFixed(3)} (3 degrees of freedom)`);
    expect(basic).toContain(`= ${signed(f.hksj.ci_lower, 4)} to ${signed(f.hksj.ci_upper, 4)}, so RR **${rr(f.reml.estimate)}, 95% CI ${rr(f.hksj.ci_lower)} to ${rr(f.hksj.ci_upper)}** (t = ${signed(f.reml.estimate / f.hksj.se, 2)}, p = ${f.hksj.pval.toFixed(3)})`);
    expect(basic).toContain(`uses t = ${f.prediction.t_quantile.toFixed(3)} on k − 2 = 2 degrees of freedom: ${signed(f.reml.estimate, 4)} ± ${f.prediction.t_quantile.toFixed(3)} × √(0 + ${f.reml.se.toFixed(4)}²) = ${signed(f.prediction.lower, 4)} to ${signed(f.prediction.upper, 4)}, RR **${rr(f.prediction.lower)} to ${rr(f.prediction.upper)}**`);
    expect(basic).toContain(`| REML + HKSJ (primary) | ${f.reml.tau2} | ${rr(f.reml.estimate)} | ${rr(f.hksj.ci_lower)} to ${rr(f.hksj.ci_upper)} | ${f.hksj.pval.toFixed(3)} |`);
    expect(basic).toContain(`| DL + Wald (comparison) | ${f.dl.tau2} | ${rr(f.dl.estimate)} | ${rr(f.dl.ci_lower)} to ${rr(f.dl.ci_upper)} | ${f.dl.pval.toFixed(3)} |`);
    // The modified HKSJ method keeps the multiplier at 1: the REML SE with the same t quantile.
    const modified = [-1, 1].map((s) => rr(f.reml.estimate + s * f.hksj.t_quantile * Math.max(1, f.hksj.q) * f.reml.se));
    const modifiedP = pTwoSidedT(f.reml.estimate / f.reml.se, f.k - 1);
    expect(basic).toContain(`| REML + modified HKSJ (sensitivity) | ${f.reml.tau2} | ${rr(f.reml.estimate)} | ${modified[0]} to ${modified[1]} | ${modifiedP.toFixed(2)} |`);
    expect(basic).toContain(`(62.5 × ${Math.exp(f.hksj.ci_lower).toFixed(3)} = ${(62.5 * Math.exp(f.hksj.ci_lower)).toFixed(1)} to 62.5 × ${Math.exp(f.hksj.ci_upper).toFixed(3)} = ${(62.5 * Math.exp(f.hksj.ci_upper)).toFixed(1)})`);
    expect(basic).toContain(`to 62.5 − ${(62.5 * Math.exp(f.hksj.ci_upper)).toFixed(1)} = ${(62.5 - 62.5 * Math.exp(f.hksj.ci_upper)).toFixed(1)}, about 2 fewer`);
  });

  it('gives R code whose printed comments are the fixture’s numbers', () => {
    expect(basic).toContain('re <- rma(yi, vi, data = dat, method = "REML", test = "knha")');
    expect(basic).toContain(`Q = ${f.Q.toFixed(4)} (df = 3), t = ${(f.reml.estimate / f.hksj.se).toFixed(4)}, p = ${f.hksj.pval.toFixed(4)}`);
    expect(basic).toContain(`RR ${Math.exp(f.reml.estimate).toFixed(3)} [${Math.exp(f.hksj.ci_lower).toFixed(3)}, ${Math.exp(f.hksj.ci_upper).toFixed(3)}]`);
    expect(basic).toContain(`Q-profile CI for tau^2: 0.0000 to ${f.reml.tau2_ci_upper.toFixed(4)}`);
    expect(basic).toContain(`# ${Math.exp(f.prediction.lower).toFixed(3)} to ${Math.exp(f.prediction.upper).toFixed(3)}`);
    expect(basic).toContain(`RR ${Math.exp(f.dl.estimate).toFixed(3)} [${Math.exp(f.dl.ci_lower).toFixed(3)}, ${Math.exp(f.dl.ci_upper).toFixed(3)}], p = ${f.dl.pval.toFixed(4)}`);
  });
});

describe('meta-analysis in depth: REML + HKSJ is the primary analysis of the knee-pain trials', () => {
  const f = fixture.knee_pain;
  const studies = kneeTrials();

  it('the R fixture describes the lesson’s table of five trials', () => {
    expect(studies).toHaveLength(5);
    expectFixtureMatches({kind: 'continuous', studies}, 'MD', f);
  });

  it('prints the REML weights, the HKSJ and prediction intervals and the DL comparison as metafor gives them', () => {
    const weights = studies.map((s) => 1 / (s.sd_t ** 2 / s.n_t + s.sd_c ** 2 / s.n_c + f.reml.tau2));
    const sum = weights.reduce((a, b) => a + b, 0);
    expect(inDepth).toContain(`τ̂² = **${f.reml.tau2.toFixed(2)}** mm², so τ̂ = ${Math.sqrt(f.reml.tau2).toFixed(1)} mm, with a Q-profile 95% CI for τ² from 0 to ${Math.round(f.reml.tau2_ci_upper)}`);
    expect(inDepth).toContain(`New weights 1/(variance + ${f.reml.tau2.toFixed(2)}) are ${weights.slice(0, 4).map((w) => w.toFixed(4)).join(', ')} and ${weights[4]?.toFixed(4)} (sum ${sum.toFixed(4)})`);
    expect(inDepth).toContain(`P4 now carries ${((100 * (weights[3] as number)) / sum).toFixed(1)}%`);
    expect(inDepth).toContain(`MD = **${signed(f.reml.estimate, 2)} mm** with SE 1/√${sum.toFixed(4)} = ${f.reml.se.toFixed(3)}`);
    expect(inDepth).toContain(`q = ${f.hksj.q.toFixed(3)}`);
    expect(inDepth).toContain(`SE = √${f.hksj.q.toFixed(3)} × ${f.reml.se.toFixed(3)} = ${f.hksj.se.toFixed(3)}, and with t = ${f.hksj.t_quantile.toFixed(3)} on 4 degrees of freedom the 95% CI is ${signed(f.reml.estimate, 2)} ± ${f.hksj.t_quantile.toFixed(3)} × ${f.hksj.se.toFixed(3)} = **${signed(f.hksj.ci_lower, 2)} to ${signed(f.hksj.ci_upper, 2)} mm** (p = ${f.hksj.pval.toFixed(3)})`);
    expect(inDepth).toContain(`gives MD ${signed(f.dl.estimate, 2)} mm (SE ${f.dl.se.toFixed(3)}; 95% CI ${signed(f.dl.estimate, 2)} ± 1.96 × ${f.dl.se.toFixed(3)} = ${signed(f.dl.ci_lower, 2)} to ${signed(f.dl.ci_upper, 2)}), p < 0.001`);
    expect(f.dl.pval).toBeLessThan(0.001);
    const tau = Math.sqrt(f.reml.tau2);
    expect(inDepth).toContain(`from ${signed(f.reml.estimate, 2)} − 1.96 × ${tau.toFixed(2)} = ${signed(f.reml.estimate - 1.96 * tau, 1)} to ${signed(f.reml.estimate, 2)} + 1.96 × ${tau.toFixed(2)} = ${signed(f.reml.estimate + 1.96 * tau, 1)} mm`);
    const sdPred = Math.sqrt(f.reml.tau2 + f.reml.se ** 2);
    expect(inDepth).toContain(`with t = ${f.prediction.t_quantile.toFixed(3)} on 3 degrees of freedom, is ${signed(f.reml.estimate, 2)} ± ${f.prediction.t_quantile.toFixed(3)} × √(${f.reml.tau2.toFixed(2)} + ${f.reml.se.toFixed(3)}²) = ${signed(f.reml.estimate, 2)} ± ${f.prediction.t_quantile.toFixed(3)} × ${sdPred.toFixed(3)} = **${signed(f.prediction.lower, 1)} to ${signed(f.prediction.upper, 1)} mm**`);
    const dlHalf = f.prediction.t_quantile * Math.sqrt(f.dl.tau2 + f.dl.se ** 2);
    expect(inDepth).toContain(`it would be ${signed(f.dl.estimate - dlHalf, 1)} to ${signed(f.dl.estimate + dlHalf, 1)} mm`);
    expect(inDepth).toContain(`the average effect (${(-f.reml.estimate).toFixed(1)} mm) falls short of it although its CI includes 10 mm`);
    expect(f.hksj.ci_lower).toBeLessThan(-10);
  });

  it('gives R code whose printed comments are the fixture’s numbers', () => {
    expect(inDepth).toContain(`tau^2 = ${f.reml.tau2.toFixed(4)}, estimate ${f.reml.estimate.toFixed(4)}, se ${f.hksj.se.toFixed(4)}, t(4) = ${(f.reml.estimate / f.hksj.se).toFixed(4)}, p = ${f.hksj.pval.toFixed(4)}, CI ${f.hksj.ci_lower.toFixed(4)} to ${f.hksj.ci_upper.toFixed(4)}`);
    expect(inDepth).toContain(`# ${f.prediction.lower.toFixed(2)} to ${f.prediction.upper.toFixed(2)}`);
    expect(inDepth).toContain(`tau^2 = ${f.dl.tau2.toFixed(4)}, ${f.dl.estimate.toFixed(4)}, CI ${f.dl.ci_lower.toFixed(4)} to ${f.dl.ci_upper.toFixed(4)}`);
  });
});
