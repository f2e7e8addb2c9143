// The time-to-event and continuous-data lesson turns what trials report into the numbers a
// meta-analysis needs. Every worked figure is recomputed here from the inputs the lesson prints,
// with the formulas it teaches (Tierney et al. 2007; Handbook chapter 6; Wan et al. 2014;
// Luo et al. 2018), so a changed input or a slip in the arithmetic fails the test.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {DOCS_DIR} from './docsTree';
import {qnorm, qt} from '../../shared/metaAnalysis/distributions';

const lesson = fs.readFileSync(path.join(DOCS_DIR, 'modules/systematic-review/time-to-event-continuous-data.mdx'), 'utf8');
const minus = (x: number, digits: number) => (x < 0 ? `−${(-x).toFixed(digits)}` : x.toFixed(digits));

/** O − E and V from a log HR and its SE (Tierney et al. 2007). */
function oeV(lnHr: number, se: number): {oe: number; v: number} {
  const v = 1 / se ** 2;
  return {oe: lnHr * v, v};
}

describe('time-to-event: the three trials and their pooled hazard ratio', () => {
  const t1 = {lnHr: Math.log(0.75), se: (Math.log(0.94) - Math.log(0.6)) / 3.92};
  const z2 = qnorm(1 - 0.04 / 2);
  const t2 = {lnHr: Math.log(0.82), se: Math.abs(Math.log(0.82)) / z2};
  const t3 = {oe: -6.2, v: 24.0};
  const trials = [oeV(t1.lnHr, t1.se), oeV(t2.lnHr, t2.se), t3];
  const sumOe = trials.reduce((s, t) => s + t.oe, 0);
  const sumV = trials.reduce((s, t) => s + t.v, 0);
  const lnHr = sumOe / sumV;
  const se = 1 / Math.sqrt(sumV);

  it('derives each trial’s log HR, SE, V and O − E as printed', () => {
    const [a, b] = trials;
    expect(lesson).toContain(`ln HR = ln 0.75 = ${minus(t1.lnHr, 4)}`);
    expect(lesson).toContain(`SE = (ln 0.94 − ln 0.60) / 3.92 = (${minus(Math.log(0.94), 4)} + ${(-Math.log(0.6)).toFixed(4)}) / 3.92 = ${t1.se.toFixed(4)}`);
    expect(lesson).toContain(`V = 1 / ${t1.se.toFixed(4)}² = ${a?.v.toFixed(1)} and O − E = ${minus(t1.lnHr, 4)} × ${a?.v.toFixed(1)} = ${minus(a?.oe ?? 0, 2)}`);
    expect(lesson).toContain(`z = Φ⁻¹(1 − 0.02) = ${z2.toFixed(3)}. ln HR = ${minus(t2.lnHr, 4)}, SE = ${(-t2.lnHr).toFixed(4)} / ${z2.toFixed(3)} = ${t2.se.toFixed(4)}, V = ${b?.v.toFixed(1)} and O − E = ${minus(b?.oe ?? 0, 2)}`);
    expect(lesson).toContain(`ln HR = −6.2 / 24.0 = ${minus(t3.oe / t3.v, 4)} (HR ${Math.exp(t3.oe / t3.v).toFixed(2)}) and SE = 1 / √24.0 = ${(1 / Math.sqrt(t3.v)).toFixed(4)}`);
  });

  it('pools them by O − E and V, with the weights and Q the lesson prints', () => {
    expect(lesson).toContain(`Σ(O − E) = ${minus(sumOe, 2)} and ΣV = ${sumV.toFixed(1)}. ln HR = ${minus(sumOe, 2)} / ${sumV.toFixed(1)} = ${minus(lnHr, 4)} with SE = 1 / √${sumV.toFixed(1)} = ${se.toFixed(4)}`);
    const ci = [lnHr - 1.96 * se, lnHr + 1.96 * se].map((x) => Math.exp(x).toFixed(2));
    expect(lesson).toContain(`**HR ${Math.exp(lnHr).toFixed(2)} (95% CI ${ci[0]} to ${ci[1]})**`);
    const weights = trials.map((t) => `${((100 * t.v) / sumV).toFixed(1)}%`);
    expect(lesson).toContain(`The weights are ${weights[0]}, ${weights[1]} and ${weights[2]}`);
    const q = trials.reduce((s, t) => s + t.oe ** 2 / t.v, 0) - sumOe ** 2 / sumV;
    expect(lesson).toContain(`Q = ${q.toFixed(2)} on 2 degrees of freedom`);
    expect(q).toBeLessThan(2); // the lesson says τ² is estimated as zero because Q < df
    // The R call the lesson prints uses the rounded log HRs and SEs: inverse-variance weights 1/SE² are V.
    expect(lesson).toContain(`yi = c(${minus(t1.lnHr, 4)}, ${minus(t2.lnHr, 4)}, ${minus(t3.oe / t3.v, 4)})`.replace(/−/g, '-'));
    expect(lesson).toContain(`sei = c(${t1.se.toFixed(4)}, ${t2.se.toFixed(4)}, ${(1 / Math.sqrt(t3.v)).toFixed(4)})`);
  });

  it('estimates an SE from the number of events (exercise)', () => {
    const seEvents = 1 / Math.sqrt(120 / 4);
    const limits = [-1, 1].map((s) => Math.exp(Math.log(0.7) + s * 1.96 * seEvents).toFixed(2));
    expect(lesson).toContain(`SE = 1 / √30 = **${seEvents.toFixed(4)}**`);
    expect(lesson).toContain(`HR of **${limits[0]} to ${limits[1]}**`);
  });
});

describe('continuous data: SDs, medians, imputation and change scores', () => {
  it('gets Trial P’s SD with the t distribution and shows what 3.92 would give', () => {
    const t = qt(0.975, 24);
    expect(lesson).toContain(`The t quantile on 24 degrees of freedom is ${t.toFixed(3)}`);
    expect(lesson).toContain(`= 5 × 4.6 / ${(2 * Number(t.toFixed(3))).toFixed(3)} = **${((5 * 4.6) / (2 * t)).toFixed(2)}**`);
    const normal = (5 * 4.6) / 3.92;
    expect(lesson).toContain(`5 × 4.6 / 3.92 = ${normal.toFixed(2)}: ${Math.round(100 * (normal / ((5 * 4.6) / (2 * t)) - 1))}% too large`);
  });

  it('gets Trial Q’s SD from its p-value', () => {
    const t = qt(1 - 0.02 / 2, 58);
    const se = 3.0 / t;
    expect(lesson).toContain(`The t value with p = 0.02 on 58 degrees of freedom is ${t.toFixed(3)}, so SE = 3.0 / ${t.toFixed(3)} = ${se.toFixed(3)}`);
    expect(lesson).toContain(`SD = ${se.toFixed(3)} / √(1/30 + 1/30) = **${(se / Math.sqrt(2 / 30)).toFixed(2)}**`);
  });

  it('converts Trial R’s median and IQR with Luo and Wan, and the skew check holds', () => {
    const n = 50;
    const w = 0.7 + 0.39 / n;
    const mean = (w * (4 + 10)) / 2 + (1 - w) * 6;
    const eta = 2 * qnorm((0.75 * n - 0.125) / (n + 0.25));
    const sd = (10 - 4) / eta;
    expect(lesson).toContain(`Luo's weight is 0.7 + 0.39/50 = ${w.toFixed(4)}, so mean ≈ ${w.toFixed(4)} × 7 + ${(1 - w).toFixed(4)} × 6 = **${mean.toFixed(2)}** days`);
    expect(lesson).toContain(`η = 2 × Φ⁻¹(${0.75 * n - 0.125} / ${n + 0.25}) = ${eta.toFixed(3)}, so SD ≈ 6 / ${eta.toFixed(3)} = **${sd.toFixed(2)}** days`);
    expect(mean - 2 * sd).toBeLessThan(0);
    // IQR / 1.35 is the large-sample limit of Wan's divisor.
    expect((2 * qnorm(0.75)).toFixed(2)).toBe('1.35');
  });

  it('imputes a pooled SD and a change SD as printed', () => {
    const pooled = Math.sqrt((39 * 5.2 ** 2 + 59 * 6.1 ** 2) / 98);
    expect(lesson).toContain(`√((39 × 5.2² + 59 × 6.1²) / 98) = **${pooled.toFixed(2)}**`);
    const change = Math.sqrt(10 ** 2 + 10 ** 2 - 2 * 0.6 * 10 * 10);
    expect(lesson).toContain(`= √${10 ** 2 + 10 ** 2 - 2 * 0.6 * 10 * 10} = **${change.toFixed(2)}**`);
    expect(lesson).toContain(`As SMDs they would be ${minus(-4.0 / 10, 2)} and ${minus(-3.0 / 6, 2)}`);
  });

  it('works the small-sample exercise with the t quantile the exercise prints', () => {
    expect(qt(0.975, 15).toFixed(3)).toBe('2.131');
    const sd = (4 * 5.6) / (2 * 2.131);
    const normal = (4 * 5.6) / 3.92;
    expect(lesson).toContain(`4 × 5.6 / 4.262 = **${sd.toFixed(2)}**`);
    expect(lesson).toContain(`4 × 5.6 / 3.92 = ${normal.toFixed(2)}, an overestimate of about ${Math.round(100 * (normal / sd - 1))}%`);
  });
});
