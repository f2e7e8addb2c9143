// The datasets the engine is compared with metafor on: the course's worked examples, the practice
// datasets in static/datasets/ that give a stratified 2×2 table, and seeded generated ones.
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'csv-parse/sync';

/** mulberry32: a small seeded PRNG, so generated datasets are the same on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

function binomial(rand: () => number, n: number, p: number): number {
  let x = 0;
  for (let i = 0; i < n; i++) if (rand() < p) x++;
  return x;
}

export interface NamedCsv {
  name: string;
  kind: 'binary' | 'continuous';
  csv: string;
}

/** The chlorhexidine trials of the meta-analysis lesson, with a subgroup column. */
const chg: NamedCsv = {
  name: 'course: chlorhexidine trials',
  kind: 'binary',
  csv: 'study,events_t,n_t,events_c,n_c,subgroup\nTrial A,18,398,30,397,low risk\nTrial B,11,250,17,250,low risk\nTrial C,25,600,33,580,concerns\nTrial D,7,150,6,148,concerns\n',
};

/** The prehabilitation trials (MD) of the meta-analysis-in-depth lesson. */
const prehab: NamedCsv = {
  name: 'course: prehabilitation trials',
  kind: 'continuous',
  csv: 'study,mean_t,sd_t,n_t,mean_c,sd_c,n_c\nP1,38,20,60,50,22,60\nP2,42,18,45,46,20,44\nP3,30,21,30,48,23,30\nP4,41,19,80,45,20,82\nP5,35,20,50,44,21,50\n',
};

function readStatic(file: string): Record<string, string>[] {
  return parse(fs.readFileSync(path.resolve(__dirname, '../../static/datasets', file), 'utf8'), {columns: true, skip_empty_lines: true}) as Record<string, string>[];
}

/** A practice dataset stratified into 2×2 tables: one "study" per stratum. */
function stratified(name: string, file: string, stratum: string, arm: string, treated: string, outcome: string): NamedCsv {
  const rows = readStatic(file);
  const strata = [...new Set(rows.map((r) => r[stratum]!))].sort();
  const lines = strata.map((s) => {
    const inStratum = rows.filter((r) => r[stratum] === s);
    const t = inStratum.filter((r) => r[arm] === treated);
    const c = inStratum.filter((r) => r[arm] !== treated);
    const events = (xs: Record<string, string>[]) => xs.filter((r) => r[outcome] === '1').length;
    return `${stratum} ${s},${events(t)},${t.length},${events(c)},${c.length}`;
  });
  return {name, kind: 'binary', csv: `study,events_t,n_t,events_c,n_c\n${lines.join('\n')}\n`};
}

function generatedBinary(name: string, seed: number, k: number, withZeros: boolean, withSubgroups: boolean): NamedCsv {
  const rand = prng(seed);
  const lines: string[] = [];
  for (let i = 0; i < k; i++) {
    const n_t = 20 + Math.floor(rand() * 180);
    const n_c = 20 + Math.floor(rand() * 180);
    const risk = 0.03 + rand() * 0.25;
    const logRr = Math.log(0.7) + 0.3 * normal(rand);
    let e_t = binomial(rand, n_t, Math.min(0.95, risk * Math.exp(logRr)));
    let e_c = binomial(rand, n_c, risk);
    if (withZeros && i === 2) [e_t, e_c] = [0, 0];
    if (withZeros && i === 4) e_t = 0;
    if (withZeros && i === 7) e_c = 0;
    const sub = withSubgroups ? `,${i % 3 === 0 ? 'short' : 'long'}` : '';
    lines.push(`S${i + 1},${e_t},${n_t},${e_c},${n_c}${sub}`);
  }
  return {name, kind: 'binary', csv: `study,events_t,n_t,events_c,n_c${withSubgroups ? ',subgroup' : ''}\n${lines.join('\n')}\n`};
}

function generatedContinuous(name: string, seed: number, k: number, withSubgroups: boolean): NamedCsv {
  const rand = prng(seed);
  const lines: string[] = [];
  for (let i = 0; i < k; i++) {
    const n_t = 8 + Math.floor(rand() * 120);
    const n_c = 8 + Math.floor(rand() * 120);
    const sd = 5 + rand() * 15;
    const effect = -3 + 2 * normal(rand) + (withSubgroups && i % 2 === 0 ? -2 : 0);
    const mean_c = 50 + 5 * normal(rand);
    const mean_t = mean_c + effect + (sd / Math.sqrt(n_t)) * normal(rand);
    const sd_t = sd * (0.8 + 0.4 * rand());
    const sd_c = sd * (0.8 + 0.4 * rand());
    const sub = withSubgroups ? `,${i % 2 === 0 ? 'supervised' : 'home'}` : '';
    lines.push(`C${i + 1},${mean_t.toFixed(2)},${sd_t.toFixed(2)},${n_t},${mean_c.toFixed(2)},${sd_c.toFixed(2)},${n_c}${sub}`);
  }
  return {name, kind: 'continuous', csv: `study,mean_t,sd_t,n_t,mean_c,sd_c,n_c${withSubgroups ? ',subgroup' : ''}\n${lines.join('\n')}\n`};
}

export const DATASETS: NamedCsv[] = [
  chg,
  prehab,
  stratified('practice: wound_trial.csv by site', 'wound_trial.csv', 'site', 'group', 'new_dressing', 'infection_30d'),
  stratified('practice: prehab-pneumonia-practice.csv by age70', 'prehab-pneumonia-practice.csv', 'age70', 'prehab', '1', 'pneumonia'),
  generatedBinary('generated: binary with zero cells and a double-zero study, subgroups', 11, 12, true, true),
  generatedBinary('generated: binary, small k (3)', 23, 3, false, false),
  generatedBinary('generated: binary, large k (100)', 37, 100, true, false),
  generatedContinuous('generated: continuous with subgroups', 41, 10, true),
  generatedContinuous('generated: continuous, small k (2)', 53, 2, false),
  generatedContinuous('generated: continuous, large k (100)', 67, 100, false),
];
