// The living and rapid reviews lesson computes a screening workload, updates the running example's
// meta-analysis with a new trial, and derives an AMSTAR 2 rating from an item table. Each is
// recomputed here: the update with the same pooling code that draws the meta-analysis lesson's
// forest plot, the rating with AMSTAR 2's rules applied to the lesson's own table.
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {DOCS_DIR} from './docsTree';
import {runningExampleStudies} from './runningExample';
import {poolRiskRatios} from '../../shared/metaAnalysis/pooledRiskRatio';

const lesson = fs.readFileSync(path.join(DOCS_DIR, 'modules/systematic-review/living-rapid-reviews.mdx'), 'utf8');
const thousands = (n: number) => n.toLocaleString('en-US');

/** Screening decisions when a sample is screened in duplicate and the rest by one reviewer. */
function decisions(records: number, sampleShare: number): {full: number; sample: number; single: number; total: number} {
  const sample = Math.round(records * sampleShare);
  return {full: 2 * records, sample: 2 * sample, single: records - sample, total: 2 * sample + (records - sample)};
}

type Rating = 'high' | 'moderate' | 'low' | 'critically low';

/** AMSTAR 2 (Shea et al. 2017): overall confidence from critical flaws and non-critical weaknesses. */
function amstarRating(criticalFlaws: number, weaknesses: number): Rating {
  if (criticalFlaws > 1) return 'critically low';
  if (criticalFlaws === 1) return 'low';
  return weaknesses > 1 ? 'moderate' : 'high';
}

describe('living and rapid reviews lesson: the worked numbers', () => {
  it('counts the screening decisions the rapid review saves', () => {
    const d = decisions(2400, 0.2);
    expect(lesson).toContain(`2 × ${thousands(2400)} = **${thousands(d.full)}** screening decisions`);
    expect(lesson).toContain(`${d.sample / 2} records (${d.sample} decisions)`);
    expect(lesson).toContain(`the other ${thousands(d.single)} records alone. That is ${d.sample} + ${thousands(d.single)} = **${thousands(d.total)}** decisions, ${Math.round((100 * d.total) / d.full)}% of the full workload`);
    expect(lesson).toContain(`screening takes ${((d.total * 30) / 3600).toFixed(1)} hours instead of ${((d.full * 30) / 3600).toFixed(1)} hours`);
    const exercise = decisions(4000, 0.1);
    expect(lesson).toContain(`2 × ${thousands(4000)} = ${thousands(exercise.full)} decisions`);
    expect(lesson).toContain(`Total **${thousands(exercise.total)}** decisions, **${Math.round((100 * exercise.total) / exercise.full)}%** of the full workload`);
  });

  it('updates the running example with Trial E as the meta-analysis lesson pools', () => {
    const trialE = {label: 'Trial E', events1: 20, total1: 450, events2: 27, total2: 445};
    expect(lesson).toContain(`${trialE.events1} of ${trialE.total1} patients with chlorhexidine-alcohol and ${trialE.events2} of ${trialE.total2} with povidone-iodine`);
    const before = poolRiskRatios(runningExampleStudies());
    const after = poolRiskRatios([...runningExampleStudies(), trialE]);
    const e = after.studies[4];
    expect(lesson).toContain(`(RR ${e?.riskRatio.toFixed(2)})`);
    expect(lesson).toContain(`**RR ${after.riskRatio.toFixed(2)} (95% CI ${after.lower.toFixed(2)} to ${after.upper.toFixed(2)})**, Q = ${after.q.toFixed(2)} on ${after.df} degrees of freedom, I² = ${after.iSquared}%`);
    expect(lesson).toContain(`Trial E carries ${e?.weightPercent.toFixed(1)}% of the weight`);
    expect(lesson).toContain(`falls from ${before.standardError.toFixed(4)} to ${after.standardError.toFixed(4)}`);
  });

  it('derives Review Z’s AMSTAR 2 rating from its item table with the published rules', () => {
    const lines = lesson.split('\n');
    const start = lines.findIndex((line) => line.startsWith('| Item | Answer | Critical |'));
    const rows = lines
      .slice(start + 2)
      .filter((_, i, all) => all.slice(0, i + 1).every((l) => l.startsWith('|')))
      .map((line) => line.split('|').slice(1, -1).map((c) => c.trim()));
    expect(rows).toHaveLength(16);
    const critical = rows.filter((r) => r[2] === 'Yes').map((r) => Number.parseInt(r[0] as string, 10));
    expect(critical).toEqual([2, 4, 7, 9, 11, 13, 15]);
    const flaws = rows.filter((r) => r[2] === 'Yes' && r[1] === 'No').map((r) => Number.parseInt(r[0] as string, 10));
    const weaknesses = rows.filter((r) => r[2] === 'No' && r[1] === 'No').map((r) => Number.parseInt(r[0] as string, 10));
    const words = ['no', 'one', 'two', 'three', 'four', 'five'];
    expect(lesson).toContain(`Two critical items are answered No (${flaws.join(' and ')})`);
    expect(lesson).toContain(`**${words[flaws.length]} critical flaws** and **${words[weaknesses.length]} non-critical weaknesses** (items ${weaknesses.slice(0, -1).join(', ')} and ${weaknesses.at(-1)}): confidence is **${amstarRating(flaws.length, weaknesses.length)}**`);
    expect(lesson).toContain(`one critical flaw would remain and the rating would be ${amstarRating(flaws.length - 1, weaknesses.length)}`);
    expect(lesson).toContain(`One critical flaw, with or without non-critical weaknesses: **${amstarRating(1, 2)}** confidence`);
  });
});
