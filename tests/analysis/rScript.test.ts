// The R script the workbench downloads, run through R: its numbers are the engine's.
import {execFileSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {analyse} from '../../shared/metaAnalysis/analysis';
import {readDataset} from '../../shared/metaAnalysis/csv';
import {rScript} from '../../shared/metaAnalysis/rScript';
import type {Measure, Method} from '../../shared/metaAnalysis/types';
import {DATASETS} from './datasets';
import {rMissingReason, tempCsv} from './rMetafor';

const READ_BACK = `
options(digits = 15)
cat("RESULT", "estimate", c(res$beta), "\\n")
cat("RESULT", "ci_lower", res$ci.lb, "\\n")
cat("RESULT", "ci_upper", res$ci.ub, "\\n")
cat("RESULT", "pi_lower", if (is.null(pred$pi.lb)) pred$ci.lb else pred$pi.lb, "\\n")
cat("RESULT", "tau2", res$tau2, "\\n")
cat("RESULT", "I2", res$I2, "\\n")
cat("RESULT", "Q", res$QE, "\\n")
if (!is.null(egger)) cat("RESULT", "egger", egger$pval, "\\n")
if (exists("subgroup_test")) cat("RESULT", "subtest", subgroup_test$QMp, "\\n")
`;

const skipReason = rMissingReason();

describe.skipIf(skipReason !== null)('the downloadable R script', () => {
  const zeros = DATASETS.find((d) => d.name.includes('double-zero'))!;
  it.each([
    [zeros, 'RR', 'REML', false, false],
    [zeros, 'OR', 'FE', false, true],
    [zeros, 'RD', 'MH', false, false],
    [DATASETS[0]!, 'RR', 'MH', false, false],
    [DATASETS[4]!, 'OR', 'REML', true, false],
    [DATASETS[7]!, 'SMD', 'PM', false, false],
    [DATASETS[1]!, 'MD', 'DL', true, false],
  ] as const)('$name $1 $2 hksj=$3 drop00=$4 reproduces every pooled number', (dataset, measure, method, hksj, drop00) => {
    const data = readDataset(dataset.csv);
    const options = {measure: measure as Measure, method: method as Method, hksj, drop00};
    const ours = analyse(data, options);
    const file = tempCsv('analysis.R', rScript(data, options) + READ_BACK);
    const out = execFileSync('Rscript', [file], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});
    const got = new Map(out.split('\n').filter((l) => l.startsWith('RESULT ')).map((l) => [l.split(' ')[1]!, Number(l.split(' ')[2])]));
    expect(got.get('estimate')).toBeCloseTo(ours.estimate, 4);
    expect(got.get('ci_lower')).toBeCloseTo(ours.ci_lower, 4);
    expect(got.get('ci_upper')).toBeCloseTo(ours.ci_upper, 4);
    expect(got.get('pi_lower')).toBeCloseTo(ours.pi_lower, 4);
    expect(got.get('tau2')).toBeCloseTo(ours.tau2, 4);
    expect(got.get('I2')).toBeCloseTo(ours.I2, 4);
    expect(got.get('Q')).toBeCloseTo(ours.Q, 4);
    if (ours.egger) expect(got.get('egger')).toBeCloseTo(ours.egger.p, 4);
    if (ours.subgroups?.test) expect(got.get('subtest')).toBeCloseTo(ours.subgroups.test.p, 4);
  });
});
