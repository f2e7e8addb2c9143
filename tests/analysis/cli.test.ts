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

  it.skipIf(skipReason !== null)('a double-zero study is kept with 1/2 added (escalc’s defaults); --drop00 leaves it out, as metafor’s drop00 = TRUE does', () => {
    const file = tempCsv('zeros.csv', 'study,events_t,n_t,events_c,n_c\nA,0,40,0,38\nB,3,50,7,52\nC,0,30,4,31\nD,9,120,15,118\n');
    const r = runMetafor(file, [
      {measure: 'RR', method: 'REML', hksj: false},
      {measure: 'RR', method: 'REML', hksj: false, drop00: true},
    ]);
    const byDefault = analyseCli('meta', file, '--json');
    expect(byDefault.code).toBe(0);
    const kept = JSON.parse(byDefault.stdout) as {k: number; estimate: number; se: number; notes: string[]; studies: {study: string; included: boolean; yi: number | null}[]};
    const R = r.get('RR/REML/FALSE')!;
    expect(kept.k).toBe(4);
    expect(kept.k).toBe(R.get('k'));
    expect(kept.estimate).toBeCloseTo(R.get('estimate')!, 4);
    expect(kept.se).toBeCloseTo(R.get('se')!, 4);
    expect(kept.studies[0]).toMatchObject({study: 'A', included: true});
    expect(kept.studies[0]!.yi).toBeCloseTo(R.get('yi:A')!, 4);
    expect(kept.notes.join('\n')).toMatch(/A: no events .* 0\.5 was added to each of its four cells and it was kept .*drop00 = FALSE/);

    const dropped = analyseCli('meta', file, '--drop00', '--json');
    expect(dropped.code).toBe(0);
    const left = JSON.parse(dropped.stdout) as typeof kept;
    const R00 = r.get('RR/REML/FALSE/drop00')!;
    expect(left.k).toBe(3);
    expect(left.k).toBe(R00.get('k'));
    expect(left.estimate).toBeCloseTo(R00.get('estimate')!, 4);
    expect(left.se).toBeCloseTo(R00.get('se')!, 4);
    expect(left.studies[0]).toMatchObject({study: 'A', included: false, yi: null});
    expect(R00.get('yi:A')).toBeNull();
    expect(left.notes.join('\n')).toMatch(/A: no events .* left out \(drop00 = TRUE/);
  });

  it.each([
    ['a non-numeric cell', 'study,events_t,n_t,events_c,n_c\nA,1,10,2,10\nB,x,10,2,10\n', /row 3, column events_t: "x" is not a number/],
    ['more events than participants', 'study,events_t,n_t,events_c,n_c\nA,1,10,2,10\nB,3,10,12,10\n', /row 3, column events_c: 12 events is more than the 10/],
    ['a standard deviation of 0', 'study,mean_t,sd_t,n_t,mean_c,sd_c,n_c\nA,1,2,10,2,2,10\nB,1,0,10,2,2,10\n', /row 3, column sd_t: the standard deviation must be above 0/],
    ['one study', 'study,events_t,n_t,events_c,n_c\nA,1,10,2,10\n', /at least 2 studies are needed/],
    ['only one study with events under --drop00', 'study,events_t,n_t,events_c,n_c\nA,1,10,2,10\nB,0,10,0,10\n', /fewer than 2 studies can be pooled/, '--drop00'],
    ['no recognisable columns', 'name,value\nA,1\nB,2\n', /the header must have the binary columns/],
  ] as [string, string, RegExp, ...string[]][])('%s: a message naming the problem, exit 2, no stack trace', (_what, csv, message, ...flags) => {
    const {code, stdout, stderr} = analyseCli('meta', tempCsv('bad.csv', csv), '--json', ...flags);
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
