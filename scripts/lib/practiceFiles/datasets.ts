// Practice datasets for the R and Python snippets in the lessons (static/datasets/). Each one is
// built to reproduce exactly the numbers its lesson works by hand, with a fixed seed so that
// regenerating gives the same file.

export interface Dataset {
  /** File name under static/datasets/. */
  file: string;
  header: string[];
  rows: (string | number)[][];
}

/** mulberry32: a small seeded generator, so reruns produce the same shuffles (and the analysis tests the same generated datasets). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const AGE_BANDS = ['18-29', '30-39', '40-49', '50-59', '60-69', '70-79', '80+'];
const AGE_WEIGHTS = [0.06, 0.1, 0.16, 0.22, 0.24, 0.16, 0.06];

function pick(random: () => number, values: string[], weights: number[]): string {
  let r = random();
  for (let i = 0; i < values.length; i += 1) {
    r -= weights[i] as number;
    if (r < 0) return values[i] as string;
  }
  return values.at(-1) as string;
}

/**
 * The fictional wound-dressing trial of the data-analysis and open-data lessons, de-identified as
 * in its codebook: 100 patients per arm, 30-day infection in 12 (new dressing) and 24 (standard).
 */
export function woundTrial(): Dataset {
  const random = seeded(20250314);
  const arms: [string, number][] = [
    ['new_dressing', 12],
    ['standard_care', 24],
  ];
  const patients = arms.flatMap(([group, infections]) =>
    Array.from({length: 100}, (_, i) => ({group, infection: i < infections ? 1 : 0})),
  );
  const ids = shuffle(
    Array.from({length: patients.length}, (_, i) => i + 1),
    random,
  );
  const rows = patients.map((p, i) => [
    ids[i] as number,
    random() < 0.55 ? 'A' : 'B',
    pick(random, AGE_BANDS, AGE_WEIGHTS),
    random() < 0.5 ? 'female' : 'male',
    random() < 0.5 ? 2023 : 2024,
    p.group,
    p.infection,
  ]);
  rows.sort((a, b) => (a[0] as number) - (b[0] as number));
  return {file: 'wound_trial.csv', header: ['id', 'site', 'age_band', 'sex', 'surgery_year', 'group', 'infection_30d'], rows};
}

/** The codebook of wound_trial.csv, as shown in the reproducible-workflow lesson. */
export function woundTrialCodebook(): Dataset {
  return {
    file: 'wound_trial_codebook.csv',
    header: ['variable', 'label', 'type', 'values_or_units', 'missing'],
    rows: [
      ['id', 'Study participant ID', 'integer', '1-200, shuffled; not linkable to hospital records', 'none'],
      ['site', 'Recruiting hospital', 'categorical', 'A, B', 'none'],
      ['age_band', 'Age at surgery', 'ordinal', '18-29, 30-39, 40-49, 50-59, 60-69, 70-79, 80+ (years)', 'none'],
      ['sex', 'Sex recorded at enrolment', 'categorical', 'female, male', 'none'],
      ['surgery_year', 'Year of surgery', 'integer', '2023-2024', 'none'],
      ['group', 'Randomised allocation', 'categorical', 'new_dressing, standard_care', 'none'],
      ['infection_30d', 'Surgical site infection within 30 days', 'binary', '1 = yes, 0 = no', 'NA = not assessed (0 cases)'],
    ],
  };
}

/** Systolic blood pressure of the ten clinic patients in the statistical-foundations lesson. */
export function clinicBp(): Dataset {
  const sbp = [128, 134, 141, 122, 137, 145, 130, 126, 139, 148];
  return {file: 'clinic_bp.csv', header: ['patient', 'sbp'], rows: sbp.map((value, i) => [i + 1, value])};
}

/** The rapid-test accuracy study of the high-yield-tools lesson: 1,000 patients, 90/180/10/720. */
export function rapidTest(): Dataset {
  const random = seeded(1000);
  const cells: [string, string, number][] = [
    ['positive', 'present', 90],
    ['positive', 'absent', 180],
    ['negative', 'present', 10],
    ['negative', 'absent', 720],
  ];
  const patients = shuffle(
    cells.flatMap(([test, condition, count]) => Array.from({length: count}, () => [test, condition])),
    random,
  );
  return {file: 'rapid_test.csv', header: ['id', 'test_result', 'condition'], rows: patients.map((p, i) => [i + 1, ...p])};
}

export const datasets = (): Dataset[] => [woundTrial(), woundTrialCodebook(), clinicBp(), rapidTest()];
