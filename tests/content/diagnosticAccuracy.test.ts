// The diagnostic test accuracy lesson prints a 2×2 table per study and numbers computed from it
// (sensitivity, specificity, Wilson intervals, a rank correlation, consequences per 1,000). Each
// is recomputed here from the counts, and study R1 from the practice dataset it claims to be.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {DOCS_DIR} from './docsTree';

const lesson = fs.readFileSync(path.join(DOCS_DIR, 'modules/systematic-review/diagnostic-test-accuracy.mdx'), 'utf8');
const DATASET = path.join(DOCS_DIR, '..', 'static/datasets/rapid_test.csv');
const Z = 1.959964;

/** Wilson score interval for x of n. */
function wilson(x: number, n: number): [number, number] {
  const p = x / n;
  const denominator = 1 + (Z * Z) / n;
  const centre = (p + (Z * Z) / (2 * n)) / denominator;
  const half = (Z * Math.sqrt((p * (1 - p)) / n + (Z * Z) / (4 * n * n))) / denominator;
  return [centre - half, centre + half];
}

/** Ranks from 1, lowest value first (the lesson's values have no ties). */
function ranks(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  return values.map((v) => sorted.indexOf(v) + 1);
}

interface Study {
  name: string;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

function studyRows(): {study: Study; cells: string[]}[] {
  const lines = lesson.split('\n');
  const start = lines.findIndex((line) => line.startsWith('| Study | TP | FP | FN | TN |'));
  expect(start).toBeGreaterThanOrEqual(0);
  const rows: {study: Study; cells: string[]}[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    const [name, tp, fp, fn, tn] = cells;
    rows.push({study: {name: name as string, tp: Number(tp), fp: Number(fp), fn: Number(fn), tn: Number(tn)}, cells});
  }
  return rows;
}

const withCi = (x: number, n: number) => {
  const [lower, upper] = wilson(x, n);
  return `${(x / n).toFixed(3)} (${lower.toFixed(3)} to ${upper.toFixed(3)})`;
};

describe('diagnostic test accuracy lesson: the worked numbers', () => {
  const rows = studyRows();

  it('study R1 is the rapid_test.csv study, cell for cell', () => {
    const records = fs.readFileSync(DATASET, 'utf8').trim().split('\n').slice(1).map((line) => line.split(','));
    const count = (test: string, condition: string) => records.filter((r) => r[1] === test && r[2] === condition).length;
    expect(rows[0]?.study).toEqual({
      name: 'R1',
      tp: count('positive', 'present'),
      fp: count('positive', 'absent'),
      fn: count('negative', 'present'),
      tn: count('negative', 'absent'),
    });
  });

  it('prints each study’s totals, sensitivity and specificity with Wilson 95% intervals', () => {
    expect(rows.map((r) => r.study.name)).toEqual(['R1', 'R2', 'R3', 'R4', 'R5']);
    for (const {study, cells} of rows) {
      const diseased = study.tp + study.fn;
      const healthy = study.tn + study.fp;
      expect(cells.slice(5), study.name).toEqual([String(diseased), String(healthy), withCi(study.tp, diseased), withCi(study.tn, healthy)]);
    }
  });

  it('finds the rank correlation between sensitivity and false positive rate it reports', () => {
    const sens = rows.map((r) => r.study.tp / (r.study.tp + r.study.fn));
    const fpr = rows.map((r) => r.study.fp / (r.study.fp + r.study.tn));
    expect(lesson).toContain(`The false positive rates (1 − specificity) are ${fpr.slice(0, 4).map((v) => v.toFixed(3)).join(', ')} and ${fpr[4]?.toFixed(3)}`);
    const rs = ranks(sens);
    const rf = ranks(fpr);
    const d2 = rs.reduce((sum, r, i) => sum + (r - (rf[i] as number)) ** 2, 0);
    const n = rows.length;
    const rho = 1 - (6 * d2) / (n * (n * n - 1));
    expect(lesson).toContain(`Spearman's ρ = 1 − 6 × ${d2} / (${n} × ${n * n - 1}) = **${rho.toFixed(2)}**`);
  });

  it('works the Wilson interval for R1 by hand with the same result', () => {
    const [lower, upper] = wilson(90, 100);
    expect(lesson).toContain(`0.0596: ${lower.toFixed(3)} to ${upper.toFixed(3)}`);
    const z2 = 1.96 * 1.96;
    expect(((0.9 + z2 / 200) / (1 + z2 / 100)).toFixed(4)).toBe('0.8852');
    expect(((1.96 * Math.sqrt(0.0009 + z2 / 40000)) / (1 + z2 / 100)).toFixed(4)).toBe('0.0596');
  });

  it('turns the summary point into the counts per 1,000 it prints', () => {
    // The bivariate fit (R metafor rma.mv, code in the lesson): sensitivity 0.8777 (0.7853 to
    // 0.9337), specificity 0.8909 (0.7749 to 0.9509). The lesson rounds to two decimals.
    expect(lesson).toContain('summary sensitivity of **0.88 (95% CI 0.79 to 0.93)** and specificity of **0.89 (0.77 to 0.95)**');
    const perThousand = (prevalence: number) => {
      const diseased = 1000 * prevalence;
      return [diseased * 0.88, diseased * 0.12, (1000 - diseased) * 0.89, (1000 - diseased) * 0.11].map((v) => Math.round(v));
    };
    const [tp10, fn10, tn10, fp10] = perThousand(0.1);
    expect(lesson).toContain(`${tp10} true positives, **${fn10} missed cases**, ${tn10} true negatives and **${fp10} false positives**`);
    const [tp30, fn30, tn30, fp30] = perThousand(0.3);
    expect(lesson).toContain(`${tp30} true positives, ${fn30} missed, ${tn30} true negatives and ${fp30} false positives`);
  });

  it('answers the exercises with the arithmetic they show', () => {
    expect(lesson).toContain(`Sensitivity = 64 / 80 = **${(64 / 80).toFixed(3)}**`);
    expect(lesson).toContain(`Specificity = 288 / 320 = **${(288 / 320).toFixed(3)}**`);
    const [lower, upper] = wilson(64, 80);
    expect(lesson).toContain(`95% CI **${lower.toFixed(3)} to ${upper.toFixed(3)}**`);
    expect(lesson).toContain(`**missed ${(50 * (1 - 0.95)).toFixed(1)}**`);
    expect(lesson).toContain(`**false positives ${Math.round(950 * (1 - 0.7))}**`);
  });
});
