// Study effect sizes as metafor's escalc() computes them (vtype "LS"; add = 1/2 to every cell of
// a table with a zero cell, to = "only0"). escalc's own default is drop00 = FALSE: a study with no
// events (or only events) in both arms gets the 1/2 like any other zero cell and stays in. rma.mh
// computes its study effects with drop00 = TRUE, and --drop00 asks for that on any model.
import {lgamma} from './distributions';
import type {BinaryMeasure, BinaryStudy, ContinuousMeasure, ContinuousStudy, StudyEffect} from './types';

export const ZERO_CELL_ADD = 0.5;

/** escalc's exact small-sample correction for Hedges' g: Γ(m/2) / (√(m/2) Γ((m−1)/2)). */
export function hedgesCorrection(m: number): number {
  return Math.exp(lgamma(m / 2) - 0.5 * Math.log(m / 2) - lgamma((m - 1) / 2));
}

export function isDoubleZero(s: BinaryStudy): boolean {
  return (s.events_t === 0 && s.events_c === 0) || (s.events_t === s.n_t && s.events_c === s.n_c);
}

export function binaryEffect(s: BinaryStudy, measure: BinaryMeasure, drop00 = false): StudyEffect {
  const base = {study: s.study, ...(s.subgroup !== undefined ? {subgroup: s.subgroup} : {})};
  if (drop00 && isDoubleZero(s)) {
    return {...base, yi: null, vi: null, adjustment: 'excluded: no events (or all events) in both arms'};
  }
  let ai = s.events_t;
  let bi = s.n_t - s.events_t;
  let ci = s.events_c;
  let di = s.n_c - s.events_c;
  const corrected = ai === 0 || bi === 0 || ci === 0 || di === 0;
  if (corrected) {
    ai += ZERO_CELL_ADD;
    bi += ZERO_CELL_ADD;
    ci += ZERO_CELL_ADD;
    di += ZERO_CELL_ADD;
  }
  const n1 = ai + bi;
  const n2 = ci + di;
  let yi: number;
  let vi: number;
  if (measure === 'RR') {
    yi = Math.log(ai / n1) - Math.log(ci / n2);
    vi = 1 / ai - 1 / n1 + 1 / ci - 1 / n2;
  } else if (measure === 'OR') {
    yi = Math.log((ai * di) / (bi * ci));
    vi = 1 / ai + 1 / bi + 1 / ci + 1 / di;
  } else {
    const p1 = ai / n1;
    const p2 = ci / n2;
    yi = p1 - p2;
    vi = (p1 * (1 - p1)) / n1 + (p2 * (1 - p2)) / n2;
  }
  return {...base, yi, vi, ...(corrected ? {adjustment: 'added 0.5 to each cell' as const} : {})};
}

export function continuousEffect(s: ContinuousStudy, measure: ContinuousMeasure): StudyEffect {
  const base = {study: s.study, ...(s.subgroup !== undefined ? {subgroup: s.subgroup} : {})};
  const n1 = s.n_t;
  const n2 = s.n_c;
  if (measure === 'MD') {
    return {...base, yi: s.mean_t - s.mean_c, vi: (s.sd_t * s.sd_t) / n1 + (s.sd_c * s.sd_c) / n2};
  }
  const m = n1 + n2 - 2;
  const sdPooled = Math.sqrt(((n1 - 1) * s.sd_t * s.sd_t + (n2 - 1) * s.sd_c * s.sd_c) / m);
  const yi = ((s.mean_t - s.mean_c) / sdPooled) * hedgesCorrection(m);
  return {...base, yi, vi: 1 / n1 + 1 / n2 + (yi * yi) / (2 * (n1 + n2))};
}
