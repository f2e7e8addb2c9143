// The datasets the engine is compared with metafor on: the workbench's practice datasets (the
// lessons' worked examples and the practice files in static/datasets/) and seeded generated ones.
import fs from 'node:fs';
import path from 'node:path';
import {PRACTICE_DATASETS, stratifiedCsv} from '../../shared/metaAnalysis/practice';
import {seeded} from '../../scripts/lib/practiceFiles/datasets';

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

function generatedBinary(name: string, seed: number, k: number, withZeros: boolean, withSubgroups: boolean): NamedCsv {
  const rand = seeded(seed);
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
  const rand = seeded(seed);
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

/** The workbench's practice datasets, read as the page reads them. */
const practice: NamedCsv[] = PRACTICE_DATASETS.map((d) => {
  const csv = d.csv ?? stratifiedCsv(fs.readFileSync(path.resolve(__dirname, '../../static/datasets', d.stratify!.file), 'utf8'), d.stratify!);
  return {name: `practice: ${d.id}`, kind: csv.startsWith('study,events_t') ? 'binary' : 'continuous', csv};
});

export const DATASETS: NamedCsv[] = [
  ...practice,
  generatedBinary('generated: binary with zero cells and a double-zero study, subgroups', 11, 12, true, true),
  generatedBinary('generated: binary, small k (3)', 23, 3, false, false),
  generatedBinary('generated: binary, large k (100)', 37, 100, true, false),
  generatedContinuous('generated: continuous with subgroups', 41, 10, true),
  generatedContinuous('generated: continuous, small k (2)', 53, 2, false),
  generatedContinuous('generated: continuous, large k (100)', 67, 100, false),
];
