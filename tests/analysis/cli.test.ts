// `npm run analyse -- meta`: the JSON a script reads (checked against metafor), the table a person
// reads, and the one-line message with exit code 2 for every kind of bad input.
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {rMissingReason, runMetafor, tempCsv} from './rMetafor';

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

function analyseCli(...args: string[]) {
  const r = spawnSync(TSX, [path.join(ROOT, 'scripts/analyse.ts'), ...args], {encoding: 'utf8', cwd: ROOT});
  return {code: r.status, stdout: r.stdout, stderr: r.stderr};
}

const CHG = 'study,events_t,n_t,events_c,n_c\nTrial A,18,398,30,397\nTrial B,11,250,17,250\nTrial C,25,600,33,580\nTrial D,7,150,6,148\n';
const skipReason = rMissingReason();

describe('analyse meta', () => {
  it('prints the lesson’s worked example as a table with the back-transformed pooled RR', () => {
    const {code, stdout} = analyseCli('meta', tempCsv('chg.csv', CHG), '--method', 'FE');
    expect(code).toBe(0);
    expect(stdout).toContain('Pooled RR: 0.699 (95% CI 0.507 to 0.963)');
    expect(stdout).toMatch(/Q = 1\.20 on 3 df/);
    expect(stdout).toContain('fewer than 10');
  });

  it.skipIf(skipReason !== null)('--json prints one object whose numbers are metafor’s (REML, knha)', () => {
    const file = tempCsv('chg.csv', CHG);
    const {code, stdout} = analyseCli('meta', file, '--measure', 'OR', '--method', 'REML', '--hksj', '--json');
    expect(code).toBe(0);
    expect(stdout).not.toMatch(/NaN|Infinity/);
    const result = JSON.parse(stdout) as Record<string, unknown>;
    const r = runMetafor(file, [{measure: 'OR', method: 'REML', hksj: true}]).get('OR/REML/TRUE')!;
    for (const key of ['k', 'estimate', 'se', 'ci_lower', 'ci_upper', 'pi_lower', 'pi_upper', 'tau2', 'I2', 'Q', 'Q_p']) {
      expect(result[key], key).toBeCloseTo(r.get(key)!, 4);
    }
    expect(result).toMatchObject({measure: 'OR', method: 'REML', hksj: true, scale: 'log'});
    expect(Array.isArray(result.studies) && Array.isArray(result.leave_one_out)).toBe(true);
  });

  it.each([
    ['a non-numeric cell', 'study,events_t,n_t,events_c,n_c\nA,1,10,2,10\nB,x,10,2,10\n', /row 3, column events_t: "x" is not a number/],
    ['more events than participants', 'study,events_t,n_t,events_c,n_c\nA,1,10,2,10\nB,3,10,12,10\n', /row 3, column events_c: 12 events is more than the 10/],
    ['a standard deviation of 0', 'study,mean_t,sd_t,n_t,mean_c,sd_c,n_c\nA,1,2,10,2,2,10\nB,1,0,10,2,2,10\n', /row 3, column sd_t: the standard deviation must be above 0/],
    ['one study', 'study,events_t,n_t,events_c,n_c\nA,1,10,2,10\n', /at least 2 studies are needed/],
    ['only one study with events', 'study,events_t,n_t,events_c,n_c\nA,1,10,2,10\nB,0,10,0,10\n', /fewer than 2 studies can be pooled/],
    ['no recognisable columns', 'name,value\nA,1\nB,2\n', /the header must have the binary columns/],
  ])('%s: a message naming the problem, exit 2, no stack trace', (_what, csv, message) => {
    const {code, stdout, stderr} = analyseCli('meta', tempCsv('bad.csv', csv), '--json');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a measure that does not fit the data and an unknown method with exit 2', () => {
    const file = tempCsv('chg.csv', CHG);
    const smd = analyseCli('meta', file, '--measure', 'SMD');
    expect(smd.code).toBe(2);
    expect(smd.stderr).toMatch(/needs continuous data/);
    const bad = analyseCli('meta', file, '--method', 'XYZ');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--method XYZ: use one of FE, MH, DL, REML, PM/);
    const hksjMh = analyseCli('meta', file, '--method', 'MH', '--hksj');
    expect(hksjMh.code).toBe(2);
  });
});
