// The protocols lesson's worked example quotes figures from the wound-dressing trial
// (static/datasets/wound_trial.csv) and from the non-inferiority follow-on it plans. Each is
// recomputed here, from the dataset or from the lesson's stated inputs, and must appear in the
// lesson as printed.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {DOCS_DIR} from './docsTree';

const lesson = fs.readFileSync(path.join(DOCS_DIR, 'modules/research-overview/protocols-ethics-governance.mdx'), 'utf8');
const csv = fs.readFileSync(path.resolve(__dirname, '../../static/datasets/wound_trial.csv'), 'utf8');

const Z975 = 1.959964;
const Z80 = 0.841621;
const pp = (x: number) => (x * 100).toFixed(1);
const signed = (x: number) => `${x < 0 ? '−' : '+'}${pp(Math.abs(x))}`;

/** Risk difference of a over b with its Wald 95% interval. */
function riskDifference(eventsA: number, nA: number, eventsB: number, nB: number) {
  const pA = eventsA / nA;
  const pB = eventsB / nB;
  const se = Math.sqrt((pA * (1 - pA)) / nA + (pB * (1 - pB)) / nB);
  const rd = pA - pB;
  return {pA, pB, rd, se, lower: rd - Z975 * se, upper: rd + Z975 * se};
}

describe('protocols lesson: the wound-dressing trial', () => {
  const rows = csv.trim().split('\n').slice(1).map((line) => line.split(','));
  const arm = (group: string) => rows.filter((r) => r[5] === group);
  const events = (group: string) => arm(group).filter((r) => r[6] === '1').length;

  it('counts 12 of 100 and 24 of 100 infections, as the lesson says', () => {
    expect([events('new_dressing'), arm('new_dressing').length, events('standard_care'), arm('standard_care').length]).toEqual([12, 100, 24, 100]);
    expect(lesson).toContain('12 of 100 patients with the new dressing and 24 of 100 with standard care');
  });

  it('prints the risk difference, its interval and the risk ratio from the data', () => {
    const r = riskDifference(events('new_dressing'), 100, events('standard_care'), 100);
    expect(lesson).toContain(`−${Math.round(Math.abs(r.rd) * 100)} percentage points (95% CI ${signed(r.lower)} to ${signed(r.upper)})`);
    expect(lesson).toContain(`**${(r.pA / r.pB).toFixed(2)}**`);
  });
});

describe('protocols lesson: the non-inferiority follow-on', () => {
  it('derives M1 and M2 from the historical interval', () => {
    const historicalLimitNearestNull = 6; // percentage points, from "95% CI −14 to −6"
    expect(lesson).toContain('(95% CI −14 to −6)');
    expect(lesson).toContain(`M1 = ${historicalLimitNearestNull} percentage points`);
    expect(lesson).toContain(`M2 = 0.5 × ${historicalLimitNearestNull} = ${0.5 * historicalLimitNearestNull} percentage points`);
  });

  it('sizes each arm from the margin, the assumed risk, α and power', () => {
    const p = 0.05;
    const margin = 0.03;
    const n = Math.ceil(((Z975 + Z80) ** 2 * (2 * p * (1 - p))) / margin ** 2);
    expect(n).toBe(829);
    expect(lesson).toContain(`≈ **${n} patients**`);
  });

  it('reads the follow-on trial against the margin', () => {
    const r = riskDifference(30, 500, 25, 500);
    expect(lesson).toContain(`SE = √(0.06 × 0.94 ÷ 500 + 0.05 × 0.95 ÷ 500) = ${r.se.toFixed(4)}`);
    expect(lesson).toContain(`from ${signed(r.lower)} to ${signed(r.upper)} percentage points`);
    expect(r.upper * 100).toBeGreaterThan(3); // beyond the margin: non-inferiority not shown
  });

  it('works the exercise margin the same way', () => {
    expect(lesson).toContain('(95% CI 5 to 11)');
    expect(lesson).toContain(`0.5 × 5 = **${0.5 * 5} percentage points**`);
    expect(2.3).toBeLessThan(0.5 * 5); // the exercise's upper limit, inside the margin
    expect(lesson).toContain('(95% CI −0.6 to +2.3)');
  });
});
