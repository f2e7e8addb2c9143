// The engine against R's metafor itself: every dataset, every measure × method, with and without
// --hksj, every field (study effects, weights, pooled estimate, intervals, heterogeneity,
// leave-one-out, subgroups and their test, Egger's test) to 4 decimals.
import fs from 'node:fs';
import {beforeAll, describe, expect, it} from 'vitest';
import {analyse, type AnalysisResult} from '../../shared/metaAnalysis/analysis';
import {readDataset} from '../../shared/metaAnalysis/csv';
import type {Measure, Method} from '../../shared/metaAnalysis/types';
import {DATASETS} from './datasets';
import {caseId, rMissingReason, runMetafor, tempCsv, type Case, type Values} from './rMetafor';

const skipReason = rMissingReason();
if (skipReason) console.warn(skipReason);

function casesFor(kind: 'binary' | 'continuous'): Case[] {
  const measures = kind === 'binary' ? ['RR', 'OR', 'RD'] : ['MD', 'SMD'];
  return measures.flatMap((measure) => [
    ...['FE', 'DL', 'REML', 'PM'].flatMap((method) => [false, true].map((hksj) => ({measure, method, hksj}))),
    ...(kind === 'binary' ? [{measure, method: 'MH', hksj: false}] : []),
    // --drop00: escalc's drop00 = TRUE, asked for explicitly (metafor's defaults everywhere else).
    ...(kind === 'binary' ? [{measure, method: 'REML', hksj: false, drop00: true}, {measure, method: 'MH', hksj: false, drop00: true}] : []),
  ]);
}

/** Our result under the same keys the R script prints. */
function flatten(r: AnalysisResult): Values {
  const out: Values = new Map();
  for (const key of ['k', 'estimate', 'se', 'ci_lower', 'ci_upper', 'pi_lower', 'pi_upper', 'tau2', 'I2', 'Q', 'Q_p', 'pval'] as const) out.set(key, r[key]);
  for (const s of r.studies) {
    out.set(`yi:${s.study}`, s.yi);
    out.set(`vi:${s.study}`, s.vi);
    if (s.weight !== null) out.set(`w:${s.study}`, s.weight);
  }
  for (const l of r.leave_one_out) for (const f of ['estimate', 'se', 'ci_lower', 'ci_upper', 'Q', 'I2', 'tau2'] as const) out.set(`loo:${l.omitted}:${f}`, l[f]);
  if (r.egger) for (const [f, v] of Object.entries(r.egger)) if (f !== 'df') out.set(`egger:${f}`, v as number);
  for (const g of r.subgroups?.groups ?? []) for (const f of ['estimate', 'se', 'ci_lower', 'ci_upper', 'tau2', 'I2', 'Q'] as const) out.set(`sub:${g.subgroup}:${f}`, g[f]);
  if (r.subgroups?.test) {
    out.set('subtest:QM', r.subgroups.test.QM);
    out.set('subtest:p', r.subgroups.test.p);
  }
  return out;
}

function mismatches(ours: Values, theirs: Values): string[] {
  const bad: string[] = [];
  for (const [key, expected] of theirs) {
    if (!ours.has(key)) {
      bad.push(`${key}: R gives ${expected}, the engine gives nothing`);
      continue;
    }
    const actual = ours.get(key)!;
    if (expected === null || actual === null) {
      if (expected !== actual) bad.push(`${key}: R ${expected}, engine ${actual}`);
    } else if (!(Math.abs(expected - actual) < 5e-5)) {
      bad.push(`${key}: R ${expected}, engine ${actual}`);
    }
  }
  return bad;
}

describe.skipIf(skipReason !== null).each(DATASETS)('$name agrees with metafor', (dataset) => {
  const cases = casesFor(dataset.kind);
  let file: string;
  let r: Map<string, Values>;
  beforeAll(() => {
    file = tempCsv('data.csv', dataset.csv);
    r = runMetafor(file, cases);
  }, 240_000);

  it.each(cases)('$measure $method hksj=$hksj drop00=$drop00', (c) => {
    const data = readDataset(fs.readFileSync(file, 'utf8'));
    const ours = flatten(analyse(data, {measure: c.measure as Measure, method: c.method as Method, hksj: c.hksj, drop00: c.drop00 ?? false}));
    const theirs = r.get(caseId(c));
    expect(theirs, 'R printed this case').toBeDefined();
    expect(mismatches(ours, theirs!)).toEqual([]);
  });
});
