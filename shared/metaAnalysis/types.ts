// The shapes the engine passes between its parts and hands to the CLI and the page.

export type BinaryMeasure = 'RR' | 'OR' | 'RD';
export type ContinuousMeasure = 'MD' | 'SMD';
export type Measure = BinaryMeasure | ContinuousMeasure;
export type Method = 'FE' | 'MH' | 'DL' | 'REML' | 'PM';

export const MEASURES: readonly Measure[] = ['RR', 'OR', 'RD', 'MD', 'SMD'];
export const METHODS: readonly Method[] = ['FE', 'MH', 'DL', 'REML', 'PM'];

export interface BinaryStudy {
  study: string;
  subgroup?: string;
  events_t: number;
  n_t: number;
  events_c: number;
  n_c: number;
}

export interface ContinuousStudy {
  study: string;
  subgroup?: string;
  mean_t: number;
  sd_t: number;
  n_t: number;
  mean_c: number;
  sd_c: number;
  n_c: number;
}

export type Dataset = {kind: 'binary'; studies: BinaryStudy[]} | {kind: 'continuous'; studies: ContinuousStudy[]};

/** One study's effect on the analysis scale (log for RR and OR), as escalc gives it. */
export interface StudyEffect {
  study: string;
  subgroup?: string;
  /** null when the study is left out (a double-zero study under drop00 = TRUE, as --drop00 and rma.mh ask). */
  yi: number | null;
  vi: number | null;
  /** What escalc did to this study's cells, if anything. */
  adjustment?: 'added 0.5 to each cell' | 'excluded: no events (or all events) in both arms';
}
