// The network meta-analysis lesson works one closed loop by hand (Bucher indirect comparison,
// inconsistency factor, direct + indirect) and prints the common-effect NMA's league table and
// P-scores. All are recomputed here from the three comparisons in its table, whose first row must
// be the running example's pooled result from the meta-analysis lesson.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {DOCS_DIR} from './docsTree';
import {runningExample} from './runningExample';
import {pnorm, pTwoSidedZ} from '../../shared/metaAnalysis/distributions';

const lesson = fs.readFileSync(path.join(DOCS_DIR, 'modules/systematic-review/network-meta-analysis.mdx'), 'utf8');
const minus = (text: string) => Number(text.replace('−', '-'));
const fixed = (value: number, digits: number) => value.toFixed(digits).replace('-', '−');
const rr = (d: number, se: number) => `${Math.exp(d).toFixed(2)} (${Math.exp(d - 1.96 * se).toFixed(2)} to ${Math.exp(d + 1.96 * se).toFixed(2)})`;

interface Edge {
  rr: number;
  logRr: number;
  se: number;
}

function comparisons(): Edge[] {
  const lines = lesson.split('\n');
  const start = lines.findIndex((line) => line.startsWith('| Comparison | Trials | RR | log RR | SE |'));
  expect(start).toBeGreaterThanOrEqual(0);
  return lines.slice(start + 2, start + 5).map((line) => {
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    return {rr: Number(cells[2]), logRr: minus(cells[3] as string), se: Number(cells[4])};
  });
}

describe('network meta-analysis lesson: the worked loop', () => {
  const [cp, ip, ci] = comparisons() as [Edge, Edge, Edge];

  it('starts from the running example and prints each log RR of its RR', () => {
    const {pooled} = runningExample();
    expect(cp.logRr).toBeCloseTo(pooled.logRiskRatio, 4);
    expect(cp.se).toBeCloseTo(pooled.standardError, 4);
    for (const edge of [cp, ip, ci]) expect(Math.exp(edge.logRr).toFixed(2)).toBe(edge.rr.toFixed(2));
  });

  const indirect = cp.logRr - ip.logRr;
  const indirectSe = Math.sqrt(cp.se ** 2 + ip.se ** 2);

  it('computes the Bucher indirect comparison it prints', () => {
    expect(lesson).toContain(`d = ${fixed(cp.logRr, 4)} − (${fixed(ip.logRr, 4)}) = ${fixed(indirect, 4)}`);
    expect(lesson).toContain(`= ${indirectSe.toFixed(4)}\nRR = e^${fixed(indirect, 4)} = ${Math.exp(indirect).toFixed(2)}`);
    const [, lower, upper] = /\((\S+) to (\S+)\)/.exec(rr(indirect, indirectSe)) as RegExpExecArray;
    expect(lesson).toContain(`= ${lower} to ${upper})`);
  });

  it('tests the loop with the inconsistency factor it prints', () => {
    const factor = ci.logRr - indirect;
    const se = Math.sqrt(ci.se ** 2 + indirectSe ** 2);
    const z = factor / se;
    expect(lesson).toContain(`IF = ${fixed(ci.logRr, 4)} − (${fixed(indirect, 4)}) = ${factor.toFixed(4)}`);
    expect(lesson).toContain(`= ${se.toFixed(4)}\nz = ${factor.toFixed(4)} / ${se.toFixed(4)} = ${z.toFixed(2)}, p = ${pTwoSidedZ(z).toFixed(2)}`);
    expect(lesson).toContain(`ratio of RRs = e^${factor.toFixed(4)} = ${rr(factor, se).replace('(', '(95% CI ')}`);
  });

  it('combines direct and indirect evidence as it prints', () => {
    const wDirect = 1 / ci.se ** 2;
    const wIndirect = 1 / indirectSe ** 2;
    const mixed = (wDirect * ci.logRr + wIndirect * indirect) / (wDirect + wIndirect);
    const se = 1 / Math.sqrt(wDirect + wIndirect);
    expect(lesson).toContain(`= ${fixed(mixed, 4)}\nSE = 1/sqrt(${(wDirect + wIndirect).toFixed(1)}) = ${se.toFixed(4)}`);
    expect(lesson).toContain(`RR = ${rr(mixed, se).replace('(', '(95% CI ')}; direct evidence contributes ${Math.round((100 * wDirect) / (wDirect + wIndirect))}%`);
  });

  it('prints the league table and P-scores of the common-effect network model', () => {
    // Generalised least squares with the two basic effects (chlorhexidine and iodine-alcohol,
    // each versus povidone-iodine); the third comparison is their difference.
    const [w1, w2, w3] = [cp, ip, ci].map((e) => 1 / e.se ** 2) as [number, number, number];
    const a = w1 + w3;
    const b = -w3;
    const d = w2 + w3;
    const det = a * d - b * b;
    const r1 = w1 * cp.logRr + w3 * ci.logRr;
    const r2 = w2 * ip.logRr - w3 * ci.logRr;
    const chg = (d * r1 - b * r2) / det;
    const ia = (a * r2 - b * r1) / det;
    const seChg = Math.sqrt(d / det);
    const seIa = Math.sqrt(a / det);
    const seDiff = Math.sqrt((d + a + 2 * b) / det); // V11 + V22 − 2·V12, with V12 = −b/det
    const rows = [
      `| **Chlorhexidine-alcohol** | — | ${rr(chg - ia, seDiff)} | ${rr(chg, seChg)} |`,
      `| **Iodine-alcohol** | ${rr(ia - chg, seDiff)} | — | ${rr(ia, seIa)} |`,
      `| **Povidone-iodine** | ${rr(-chg, seChg)} | ${rr(-ia, seIa)} | — |`,
    ];
    for (const row of rows) expect(lesson, row).toContain(row);
    // Lower log RR is better: P(i better than j) = Φ((θj − θi) / SE).
    const pChg = (pnorm((0 - chg) / seChg) + pnorm((ia - chg) / seDiff)) / 2;
    const pIa = (pnorm((0 - ia) / seIa) + pnorm((chg - ia) / seDiff)) / 2;
    const pPvi = (pnorm(chg / seChg) + pnorm(ia / seIa)) / 2;
    expect(lesson).toContain(
      `the P-scores are ${pChg.toFixed(2)} for chlorhexidine-alcohol, ${pIa.toFixed(2)} for iodine-alcohol and ${pPvi.toFixed(2)} for povidone-iodine`,
    );
  });

  it('answers the exercises with the arithmetic they show', () => {
    const se = Math.sqrt(0.12 ** 2 + 0.15 ** 2);
    expect(lesson).toContain(`= **${se.toFixed(3)}**`);
    expect(lesson).toContain(`OR = e^−0.30 = **${Math.exp(-0.3).toFixed(2)}**; 95% CI e^(−0.30 ± 1.96 × ${se.toFixed(3)}) = **${Math.exp(-0.3 - 1.96 * se).toFixed(2)} to ${Math.exp(-0.3 + 1.96 * se).toFixed(2)}**`);
    const seIf = Math.sqrt(0.2 ** 2 + se ** 2);
    const z = 0.2 / seIf;
    expect(lesson).toContain(`= **${seIf.toFixed(3)}**`);
    expect(lesson).toContain(`z = 0.20 / ${seIf.toFixed(3)} = **${z.toFixed(2)}**, p = ${pTwoSidedZ(z).toFixed(2)}`);
  });
});
