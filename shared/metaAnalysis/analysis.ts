// One meta-analysis from a validated dataset: study effects, the pooled model, heterogeneity,
// prediction interval, leave-one-out, subgroups and Egger's test, with notes on what was done.
// Numbers are on the analysis scale (log for RR and OR); every number is finite or null.
import {binaryEffect, continuousEffect, isDoubleZero} from './escalc';
import {mantelHaenszel, mhHeterogeneity} from './mh';
import {intercept, predictionInterval, rma, type RmaFit, type RmaMethod} from './rma';
import type {BinaryMeasure, ContinuousMeasure, Dataset, Measure, Method, StudyEffect} from './types';
import type {Matrix} from './linalg';
import {pTwoSidedZ, qnorm} from './distributions';

export interface AnalysisOptions {
  measure: Measure;
  method: Method;
  hksj: boolean;
  /** escalc's drop00 = TRUE: leave double-zero studies out of the study effects (rma.mh always does). */
  drop00?: boolean;
}

export interface Pooled {
  k: number;
  estimate: number;
  se: number;
  ci_lower: number;
  ci_upper: number;
  pi_lower: number;
  pi_upper: number;
  tau2: number;
  I2: number;
  Q: number;
  Q_p: number;
}

export interface StudyRow {
  study: string;
  subgroup: string | null;
  yi: number | null;
  vi: number | null;
  se: number | null;
  ci_lower: number | null;
  ci_upper: number | null;
  /** Percentage weight in the pooled model; null when excluded. */
  weight: number | null;
  included: boolean;
  adjustment: string | null;
}

export interface LeaveOneOutRow extends Pooled {
  omitted: string;
}

export interface SubgroupRow extends Pooled {
  subgroup: string;
}

export interface SubgroupTest {
  /** The model that tests the difference: metafor's rma(yi, vi, mods = ~ factor(subgroup)). */
  method: RmaMethod;
  QM: number;
  df: number;
  /** Denominator df when the test is an F test (--hksj). */
  df2: number | null;
  p: number;
}

export interface EggerResult {
  /** z (or t under --hksj) for the standard-error slope, as regtest() reports it. */
  stat: number;
  df: number | null;
  p: number;
  /** The intercept: the effect expected in an infinitely large study. */
  limit_estimate: number;
  limit_ci_lower: number;
  limit_ci_upper: number;
}

export interface AnalysisResult extends Pooled {
  measure: Measure;
  method: Method;
  hksj: boolean;
  /** Scale of estimate and intervals: 'log' for RR and OR. */
  scale: 'log' | 'raw';
  stat: number;
  stat_type: 'z' | 't';
  df: number | null;
  pval: number;
  H2: number;
  Q_df: number;
  back_transformed: {estimate: number; ci_lower: number; ci_upper: number; pi_lower: number; pi_upper: number} | null;
  studies: StudyRow[];
  leave_one_out: LeaveOneOutRow[];
  subgroups: {groups: SubgroupRow[]; test: SubgroupTest | null} | null;
  egger: EggerResult | null;
  notes: string[];
}

export class AnalysisError extends Error {}

export const BINARY_MEASURES: readonly Measure[] = ['RR', 'OR', 'RD'];

export function defaultMeasure(kind: Dataset['kind']): Measure {
  return kind === 'binary' ? 'RR' : 'MD';
}

/** The drop00 the study effects are computed with: rma.mh's own default (TRUE) for MH, escalc's (FALSE) otherwise. */
export function effectiveDrop00(options: Pick<AnalysisOptions, 'method' | 'drop00'>): boolean {
  return options.method === 'MH' || options.drop00 === true;
}

function effects(data: Dataset, measure: Measure, drop00: boolean): StudyEffect[] {
  if (data.kind === 'binary') {
    if (!BINARY_MEASURES.includes(measure)) throw new AnalysisError(`--measure ${measure} needs continuous data (mean_t, sd_t, ...); this file has binary outcomes: use RR, OR or RD`);
    return data.studies.map((s) => binaryEffect(s, measure as BinaryMeasure, drop00));
  }
  if (BINARY_MEASURES.includes(measure)) throw new AnalysisError(`--measure ${measure} needs binary data (events_t, n_t, ...); this file has continuous outcomes: use MD or SMD`);
  return data.studies.map((s) => continuousEffect(s, measure as ContinuousMeasure));
}

interface Included {
  index: number[];
  y: number[];
  v: number[];
}

function included(rows: StudyEffect[]): Included {
  const out: Included = {index: [], y: [], v: []};
  rows.forEach((r, i) => {
    if (r.yi === null || r.vi === null) return;
    out.index.push(i);
    out.y.push(r.yi);
    out.v.push(r.vi);
  });
  return out;
}

/** The pooled model for a subset of studies (by index into the dataset). */
function poolSubset(data: Dataset, rows: StudyEffect[], subset: number[], options: AnalysisOptions): {pooled: Pooled; fit: RmaFit | null; weights: number[]} {
  const inc = included(subset.map((i) => rows[i]!));
  const k = inc.y.length;
  if (options.method === 'MH' && data.kind === 'binary') {
    const mh = mantelHaenszel(
      subset.map((i) => data.studies[i]!),
      options.measure as BinaryMeasure,
    );
    const het = mhHeterogeneity(inc.y, inc.v, mh.estimate);
    return {
      pooled: {k: subset.length, estimate: mh.estimate, se: mh.se, ci_lower: mh.ciLower, ci_upper: mh.ciUpper, pi_lower: mh.ciLower, pi_upper: mh.ciUpper, tau2: 0, I2: het.I2, Q: het.Q, Q_p: het.Qp},
      fit: null,
      weights: mh.weights,
    };
  }
  const method = options.method as RmaMethod;
  if (k === 1) {
    // A single study is its own estimate (metafor fits k = 1 as a common-effect model).
    const se = Math.sqrt(inc.v[0]!);
    const z = qnorm(0.975);
    const y = inc.y[0]!;
    return {pooled: {k, estimate: y, se, ci_lower: y - z * se, ci_upper: y + z * se, pi_lower: y - z * se, pi_upper: y + z * se, tau2: 0, I2: 0, Q: 0, Q_p: 1}, fit: null, weights: [100]};
  }
  const fit = rma(inc.y, inc.v, intercept(k), {method, knha: options.hksj});
  const pi = method === 'FE' ? {lower: fit.ciLower[0]!, upper: fit.ciUpper[0]!} : predictionInterval(fit);
  const w = inc.v.map((vi) => 1 / (vi + fit.tau2));
  const total = w.reduce((s, x) => s + x, 0);
  return {
    pooled: {k, estimate: fit.b[0]!, se: fit.se[0]!, ci_lower: fit.ciLower[0]!, ci_upper: fit.ciUpper[0]!, pi_lower: pi.lower, pi_upper: pi.upper, tau2: fit.tau2, I2: fit.I2, Q: fit.QE, Q_p: fit.QEp},
    fit,
    weights: w.map((x) => (100 * x) / total),
  };
}

function eggerTest(inc: Included, options: AnalysisOptions): EggerResult | null {
  if (inc.y.length < 3) return null;
  const method: RmaMethod = options.method === 'MH' ? 'FE' : options.method;
  const X: Matrix = inc.v.map((v) => [1, Math.sqrt(v)]);
  const fit = rma(inc.y, inc.v, X, {method, knha: options.hksj});
  return {stat: fit.stat[1]!, df: fit.ddf, p: fit.pval[1]!, limit_estimate: fit.b[0]!, limit_ci_lower: fit.ciLower[0]!, limit_ci_upper: fit.ciUpper[0]!};
}

function subgroupAnalysis(data: Dataset, rows: StudyEffect[], inc: Included, options: AnalysisOptions): AnalysisResult['subgroups'] {
  if (!data.studies.some((s) => s.subgroup !== undefined)) return null;
  const names = [...new Set(data.studies.map((s) => s.subgroup ?? ''))];
  const groups: SubgroupRow[] = [];
  for (const name of names) {
    const subset = data.studies.flatMap((s, i) => ((s.subgroup ?? '') === name ? [i] : []));
    if (included(subset.map((i) => rows[i]!)).y.length === 0) continue;
    groups.push({subgroup: name, ...poolSubset(data, rows, subset, options).pooled});
  }
  let test: SubgroupTest | null = null;
  const levels = [...new Set(inc.index.map((i) => rows[i]!.subgroup ?? ''))];
  if (levels.length >= 2 && inc.y.length > levels.length) {
    const method: RmaMethod = options.method === 'MH' ? 'FE' : options.method;
    const X: Matrix = inc.index.map((i) => [1, ...levels.slice(1).map((l) => ((rows[i]!.subgroup ?? '') === l ? 1 : 0))]);
    const fit = rma(inc.y, inc.v, X, {method, knha: options.hksj});
    if (fit.QM !== null && fit.QMdf && fit.QMp !== null) test = {method, QM: fit.QM, df: fit.QMdf[0], df2: fit.QMdf[1], p: fit.QMp};
  }
  return {groups, test};
}

function finite(value: number, what: string): number {
  if (!Number.isFinite(value)) throw new AnalysisError(`${what} could not be computed from these data`);
  return value;
}

export function analyse(data: Dataset, options: AnalysisOptions): AnalysisResult {
  const {measure, method, hksj} = options;
  if (method === 'MH' && data.kind !== 'binary') throw new AnalysisError('--method MH (Mantel–Haenszel) needs binary data: use FE, DL, REML or PM');
  if (method === 'MH' && hksj) throw new AnalysisError('--hksj applies to inverse-variance models (FE, DL, REML, PM), not to Mantel–Haenszel');
  const drop00 = effectiveDrop00(options);
  const rows = effects(data, measure, drop00);
  const inc = included(rows);
  if (inc.y.length < 2) {
    throw new AnalysisError(`fewer than 2 studies can be pooled (${data.studies.length} in the file, ${inc.y.length} with information on ${measure})`);
  }
  const notes: string[] = [];
  const everyone = data.studies.map((_, i) => i);
  const main = poolSubset(data, rows, everyone, options);
  const k = inc.y.length;
  const fit = main.fit;
  const ddf = fit?.ddf ?? null;

  for (const [i, r] of rows.entries()) {
    const doubleZero = data.kind === 'binary' && isDoubleZero(data.studies[i]!);
    if (r.adjustment === 'added 0.5 to each cell') {
      notes.push(
        doubleZero
          ? `${r.study}: no events (or all events) in both arms; 0.5 was added to each of its four cells and it was kept (escalc's defaults: add = 1/2, to = "only0", drop00 = FALSE; --drop00 leaves such studies out)`
          : `${r.study}: a zero cell, so 0.5 was added to each of its four cells (escalc add = 1/2, to = "only0")`,
      );
    }
    if (r.adjustment?.startsWith('excluded')) {
      notes.push(
        method === 'MH'
          ? `${r.study}: no events (or all events) in both arms, so it has no study effect and is left out of Q and I² (rma.mh computes study effects with drop00 = TRUE); its table still counts in the Mantel–Haenszel estimate and in k`
          : `${r.study}: no events (or all events) in both arms, so it was left out (drop00 = TRUE, as asked)`,
      );
    }
  }
  if (method === 'MH') notes.push('Mantel–Haenszel pools the raw 2×2 counts of every table, double-zero ones included, without any continuity correction; the per-study effects, Q and I² use the corrected effects (rma.mh\'s defaults: add = c(1/2, 0), to = c("only0", "none"), drop00 = c(TRUE, FALSE)).');
  if (hksj) notes.push(`Hartung–Knapp–Sidik–Jonkman (metafor test = "knha"): the CI, the test and the prediction interval use t on ${k - 1} df and the variance scaled by the weighted residual mean square (not truncated at 1).`);
  if (method === 'FE' || method === 'MH') notes.push('A common-effect model assumes one true effect: its prediction interval equals the confidence interval.');
  else notes.push(`The prediction interval is metafor's predict(): estimate ± ${hksj ? `t(${k - 1})` : 'z'} × √(SE² + τ²).`);

  const weightByIndex = new Map<number, number>();
  if (method === 'MH') everyone.forEach((i) => weightByIndex.set(i, main.weights[i]!));
  else inc.index.forEach((i, j) => weightByIndex.set(i, main.weights[j]!));
  const z = qnorm(0.975);
  const studies: StudyRow[] = rows.map((r, i) => {
    const se = r.vi === null ? null : Math.sqrt(r.vi);
    return {
      study: r.study,
      subgroup: r.subgroup ?? null,
      yi: r.yi,
      vi: r.vi,
      se,
      ci_lower: r.yi === null || se === null ? null : r.yi - z * se,
      ci_upper: r.yi === null || se === null ? null : r.yi + z * se,
      weight: weightByIndex.get(i) ?? null,
      included: r.yi !== null,
      adjustment: r.adjustment ?? null,
    };
  });

  const leave_one_out: LeaveOneOutRow[] = [];
  if (k >= 3) {
    // rma.mh's leave1out leaves out every table, double-zero ones too; rma's only the included studies.
    for (const omit of method === 'MH' ? everyone : inc.index) {
      const subset = everyone.filter((i) => i !== omit);
      leave_one_out.push({omitted: rows[omit]!.study, ...poolSubset(data, rows, subset, options).pooled});
    }
  } else {
    notes.push('Leave-one-out needs at least 3 studies.');
  }

  const egger = eggerTest(inc, options);
  if (egger === null) notes.push("Egger's test needs at least 3 studies.");
  else if (k < 10) notes.push(`Egger's test with ${k} studies (fewer than 10) has little power and can mislead: do not read a non-significant result as no small-study effects.`);
  if (egger && method === 'MH') notes.push("Egger's test (regtest) is run on the common-effect inverse-variance model, since it does not apply to Mantel–Haenszel.");

  const subgroups = subgroupAnalysis(data, rows, inc, options);
  if (subgroups && subgroups.test === null) notes.push('The test for subgroup differences needs at least 2 subgroups and more studies than subgroups.');

  const stat = main.pooled.estimate / main.pooled.se;
  const pval = fit ? fit.pval[0]! : pTwoSidedZ(stat);
  const scale = measure === 'RR' || measure === 'OR' ? 'log' : 'raw';
  const p = main.pooled;
  for (const [key, value] of Object.entries(p)) finite(value, key);
  return {
    measure,
    method,
    hksj,
    scale,
    ...p,
    stat,
    stat_type: ddf === null ? 'z' : 't',
    df: ddf,
    pval,
    H2: fit ? fit.H2 : p.Q / (k - 1),
    Q_df: k - 1,
    back_transformed: scale === 'log' ? {estimate: Math.exp(p.estimate), ci_lower: Math.exp(p.ci_lower), ci_upper: Math.exp(p.ci_upper), pi_lower: Math.exp(p.pi_lower), pi_upper: Math.exp(p.pi_upper)} : null,
    studies,
    leave_one_out,
    subgroups,
    egger,
    notes,
  };
}
