// The spreadsheet-shaped templates a learner downloads from static/templates/, defined once here
// so that the CSV and XLSX versions of a template cannot drift apart. Their wording follows the
// lessons that teach them: search log (PRISMA-S items), screening form (the ordered eligibility
// questions of the screening lessons), extraction form (the categories of the extraction lesson,
// TIDieR for interventions), RoB 2 sheet (domains and judgements exactly as named in RoB 2) and
// the summary-of-findings table (columns of a Cochrane/GRADE summary of findings table).

export interface TableTemplate {
  /** File name without extension, under static/templates/. */
  name: string;
  /** Worksheet name in the XLSX version (Excel allows at most 31 characters). */
  sheet: string;
  header: string[];
  rows: string[][];
  /** Cells of a column that must hold one of these values (an XLSX drop-down list). */
  choices?: Record<string, string[]>;
  /** Also published as .xlsx. */
  xlsx: boolean;
}

const blank = (columns: number, count: number): string[][] =>
  Array.from({length: count}, () => Array.from({length: columns}, () => ''));

const searchLogHeader = [
  'Date searched (YYYY-MM-DD)',
  'Searcher',
  'Database or register',
  'Interface or platform',
  'Database coverage (years)',
  'Line',
  'Search string (copied exactly)',
  'Limits or filters',
  'Results',
  'Notes (what changed and why)',
];

export const searchLog: TableTemplate = {
  name: 'search-log',
  sheet: 'Search log',
  header: searchLogHeader,
  rows: blank(searchLogHeader.length, 20),
  xlsx: false,
};

const yesNoUnclear = ['Yes', 'No', 'Unclear'];

// Eligibility is about the study's question and design, never its publication or completion
// status (a "status" criterion would build non-reporting bias into the review), so the form has
// no such column. Ongoing studies and studies awaiting classification are neither included nor
// excluded: full-text-screening.mdx lists them beside the flow diagram. The CSV has no drop-down,
// so the column's title names the allowed values.
export const screeningDecisions = ['Include', 'Exclude', 'Ongoing study', 'Awaiting classification'];
const SCREENING_DECISION = `Decision (${screeningDecisions.join(', ')})`;
const screeningHeader = [
  'Record ID',
  'First author, year, title',
  'Reviewer',
  'Stage (title-abstract or full text)',
  '1. Population met?',
  '2. Intervention met?',
  '3. Comparator met?',
  '4. Study design met?',
  SCREENING_DECISION,
  'Exclusion reason (first criterion failed)',
  'Notes',
];

export const screeningForm: TableTemplate = {
  name: 'screening-form',
  sheet: 'Screening',
  header: screeningHeader,
  rows: blank(screeningHeader.length, 30),
  choices: {
    'Stage (title-abstract or full text)': ['title-abstract', 'full text'],
    '1. Population met?': yesNoUnclear,
    '2. Intervention met?': yesNoUnclear,
    '3. Comparator met?': yesNoUnclear,
    '4. Study design met?': yesNoUnclear,
    [SCREENING_DECISION]: screeningDecisions,
  },
  xlsx: true,
};

const extractionFields: [string, string[]][] = [
  ['Source and eligibility', ['Study ID', 'Reports linked to this study', 'Extractor', 'Date of extraction', 'Eligibility confirmed for each criterion']],
  ['Methods', ['Design', 'Unit of randomisation', 'Setting and countries', 'Recruitment dates', 'Trial registration', 'Protocol and statistical analysis plan available']],
  ['Participants', ['Inclusion criteria', 'Exclusion criteria', 'Number randomised per arm', 'Age', 'Sex', 'Key baseline characteristics']],
  [
    'Interventions',
    [
      'TIDieR 1 to 4 (name, why, what materials, what procedures)',
      'TIDieR 5 to 8 (who, how, where, when and how much)',
      'TIDieR 9 to 12 (tailoring, modifications, adherence)',
      'Comparator',
      'Co-interventions',
    ],
  ],
  ['Outcomes', ['Outcome and definition', 'Measurement tool', 'Time points', 'Who assessed it (aware of allocation?)']],
  ['Results', ['Numbers analysed per arm', 'Events per arm (n/N) or mean, SD and N per arm', 'Effect estimate reported (95% CI)', 'How missing data were handled']],
  ['Other', ['Funding source', 'Conflicts of interest', 'Correspondence with authors', "Extractor's notes"]],
];

export const extractionForm: TableTemplate = {
  name: 'data-extraction-form',
  sheet: 'Extraction form',
  header: ['Category', 'Field', 'Extracted value', 'Source (page, table or figure)', 'Notes'],
  rows: extractionFields.flatMap(([category, fields]) => fields.map((field) => [category, field, '', '', ''])),
  xlsx: true,
};

/** The five RoB 2 domains for individually randomised parallel-group trials, as RoB 2 names them. */
export const ROB2_DOMAINS = [
  'Bias arising from the randomization process',
  'Bias due to deviations from intended interventions',
  'Bias due to missing outcome data',
  'Bias in measurement of the outcome',
  'Bias in selection of the reported result',
] as const;
export const ROB2_JUDGEMENTS = ['Low risk of bias', 'Some concerns', 'High risk of bias'] as const;
export const ROB2_RESPONSES = ['Y', 'PY', 'PN', 'N', 'NI', 'NA'] as const;

/** Signalling questions per domain (domain 2 in its version for the effect of assignment). */
const signallingQuestions: number[] = [3, 7, 4, 5, 3];

const rob2Header = [
  'Study ID',
  'Outcome and result assessed',
  'Domain',
  'Item',
  'Response (Y, PY, PN, N, NI, NA)',
  'Support for judgement (quote or reason, with source)',
  'Judgement',
  'Predicted direction of bias (optional)',
];

export const rob2Sheet: TableTemplate = {
  name: 'rob2-judgement-sheet',
  sheet: 'RoB 2',
  header: rob2Header,
  rows: [
    ...ROB2_DOMAINS.flatMap((domain, d) => [
      ...Array.from({length: signallingQuestions[d] as number}, (_, q) => ['', '', `D${d + 1}. ${domain}`, `${d + 1}.${q + 1}`, '', '', '', '']),
      ['', '', `D${d + 1}. ${domain}`, 'Domain judgement', '', '', '', ''],
    ]),
    ['', '', 'Overall risk of bias', 'Overall judgement', '', '', '', ''],
  ],
  choices: {
    'Response (Y, PY, PN, N, NI, NA)': [...ROB2_RESPONSES],
    Judgement: [...ROB2_JUDGEMENTS],
    'Predicted direction of bias (optional)': [
      'NA',
      'Favours experimental',
      'Favours comparator',
      'Towards null',
      'Away from null',
      'Unpredictable',
    ],
  },
  xlsx: true,
};

const sofHeader = [
  'Outcome (follow-up)',
  'Risk with comparator (per 1,000)',
  'Risk with intervention (per 1,000, 95% CI)',
  'Relative effect (95% CI)',
  'No. of participants (studies)',
  'Certainty of the evidence (GRADE)',
  'Comments and footnotes (reasons for rating down or up)',
];

export const summaryOfFindings: TableTemplate = {
  name: 'summary-of-findings',
  sheet: 'Summary of findings',
  header: sofHeader,
  // Cochrane summary of findings tables present up to seven outcomes.
  rows: Array.from({length: 7}, (_, i) => [`Outcome ${i + 1}`, '', '', '', '', '', '']),
  choices: {'Certainty of the evidence (GRADE)': ['High', 'Moderate', 'Low', 'Very low']},
  xlsx: true,
};

export const tableTemplates: TableTemplate[] = [searchLog, screeningForm, extractionForm, rob2Sheet, summaryOfFindings];
