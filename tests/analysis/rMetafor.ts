// Runs tests/analysis/metafor.R (one Rscript process per dataset, every case batched) and reads
// its "case <tab> field <tab> value" lines. Tests skip when Rscript or metafor is missing.
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SCRIPT = path.resolve(__dirname, 'metafor.R');

export function rMissingReason(): string | null {
  try {
    execFileSync('Rscript', ['-e', 'suppressMessages(library(metafor))'], {stdio: 'pipe'});
    return null;
  } catch {
    return 'Rscript with the metafor package is not installed (apt-get install r-base-core r-cran-metafor); skipping the comparisons with R';
  }
}

export interface Case {
  measure: string;
  method: string;
  hksj: boolean;
  /** Ask for escalc's drop00 = TRUE; otherwise metafor runs with its own defaults. */
  drop00?: boolean;
}

export const caseId = (c: Case) => `${c.measure}/${c.method}/${c.hksj ? 'TRUE' : 'FALSE'}${c.drop00 ? '/drop00' : ''}`;

export type Values = Map<string, number | null>;

export function tempCsv(name: string, text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rma-analysis-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

/** Every case's fields as metafor computes them for the CSV file. */
export function runMetafor(csvFile: string, cases: Case[]): Map<string, Values> {
  const casesFile = tempCsv('cases.csv', `measure,method,hksj,drop00\n${cases.map((c) => `${c.measure},${c.method},${c.hksj ? 'TRUE' : 'FALSE'},${c.drop00 ? 'TRUE' : 'FALSE'}`).join('\n')}\n`);
  const stdout = execFileSync('Rscript', [SCRIPT, csvFile, casesFile], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024});
  const out = new Map<string, Values>();
  for (const line of stdout.split('\n')) {
    if (line.trim() === '') continue;
    const [id, key, value] = line.split('\t');
    if (id === undefined || key === undefined || value === undefined) throw new Error(`unexpected R output: ${line}`);
    if (!out.has(id)) out.set(id, new Map());
    out.get(id)!.set(key, value === 'NA' ? null : Number(value));
  }
  return out;
}
