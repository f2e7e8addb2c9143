// The practice datasets the workbench loads in one click: the meta-analysis lessons' worked
// examples, and the course's participant-level practice files (static/datasets/) stratified
// into one 2×2 table per stratum. The R comparison tests use the same definitions.
import {parseCsv} from './csv';

export interface PracticeDataset {
  id: string;
  title: string;
  /** Where it comes from, shown next to the button. */
  source: string;
  /** The table itself, or the static file to stratify. */
  csv?: string;
  stratify?: {file: string; stratum: string; arm: string; treated: string; outcome: string};
}

export const PRACTICE_DATASETS: PracticeDataset[] = [
  {
    id: 'chlorhexidine',
    title: 'Chlorhexidine-alcohol versus povidone-iodine (surgical site infection)',
    source: 'Meta-analysis lesson, worked example',
    csv: 'study,events_t,n_t,events_c,n_c,subgroup\nTrial A,18,398,30,397,low risk\nTrial B,11,250,17,250,low risk\nTrial C,25,600,33,580,concerns\nTrial D,7,150,6,148,concerns\n',
  },
  {
    id: 'prehabilitation',
    title: 'Exercise prehabilitation versus usual care (continuous outcome)',
    source: 'Meta-analysis in depth lesson, MD and SMD example',
    csv: 'study,mean_t,sd_t,n_t,mean_c,sd_c,n_c\nP1,38,20,60,50,22,60\nP2,42,18,45,46,20,44\nP3,30,21,30,48,23,30\nP4,41,19,80,45,20,82\nP5,35,20,50,44,21,50\n',
  },
  {
    id: 'wound-trial',
    title: 'Wound dressing trial, one 2×2 table per hospital',
    source: 'static/datasets/wound_trial.csv, stratified by site',
    stratify: {file: 'wound_trial.csv', stratum: 'site', arm: 'group', treated: 'new_dressing', outcome: 'infection_30d'},
  },
  {
    id: 'prehab-pneumonia',
    title: 'Prehabilitation and pneumonia, one 2×2 table per age group',
    source: 'static/datasets/prehab-pneumonia-practice.csv, stratified by age70',
    stratify: {file: 'prehab-pneumonia-practice.csv', stratum: 'age70', arm: 'prehab', treated: '1', outcome: 'pneumonia'},
  },
];

/** A participant-level file as a binary extraction table: one study per stratum. */
export function stratifiedCsv(text: string, spec: NonNullable<PracticeDataset['stratify']>): string {
  const {rows} = parseCsv(text);
  const strata = [...new Set(rows.map((r) => r[spec.stratum]!))].sort();
  const lines = strata.map((s) => {
    const inStratum = rows.filter((r) => r[spec.stratum] === s);
    const t = inStratum.filter((r) => r[spec.arm] === spec.treated);
    const c = inStratum.filter((r) => r[spec.arm] !== spec.treated);
    const events = (xs: typeof rows) => xs.filter((r) => r[spec.outcome] === '1').length;
    return `${spec.stratum} ${s},${events(t)},${t.length},${events(c)},${c.length}`;
  });
  return `study,events_t,n_t,events_c,n_c\n${lines.join('\n')}\n`;
}
