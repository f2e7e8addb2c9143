/**
 * Summary slide decks, one per course module, shown on /slides. Each deck condenses the key
 * points of its module's lessons; the lessons themselves carry the worked examples and the
 * references, so every fact here should be traceable to a lesson or the guideline it cites.
 * The decks' order, titles and links come from the course catalog (docs/modules), like every
 * other list of courses; here they are keyed by course slug only.
 */
import type {CourseCatalog} from '@site/src/catalog/types';

export interface Slide {
  title: string;
  /** 3 to 5 short bullet points. */
  points: readonly string[];
  /** Optional one-line aside: a tip, a caveat or where the rule comes from. */
  note?: string;
}

export interface SlideDeckData {
  /** The course's slug. */
  slug: string;
  /** The course's title. */
  title: string;
  /** The course's landing page in the docs. */
  permalink: string;
  slides: readonly Slide[];
}

const slidesByCourse: Readonly<Record<string, readonly Slide[]>> = {
  'research-overview': [
    {
      title: 'Decide before you collect',
      points: [
        'What exactly are you asking?',
        'Which study design can answer it?',
        'Do you need new data, or a review of existing studies?',
        'A focused question gives you search terms, eligibility criteria and outcomes.',
      ],
      note: 'Getting these three decisions right early saves months of work later.',
    },
    {
      title: 'Is the question worth asking? FINER',
      points: [
        'Feasible: enough participants, time, money and skills.',
        'Interesting: to you, your supervisors and the field.',
        'Novel: confirms, extends or refutes earlier findings.',
        'Ethical: acceptable to a research ethics committee.',
        'Relevant: to patients, practice, policy or future research.',
      ],
      note: 'FINER comes from Hulley and colleagues, Designing Clinical Research.',
    },
    {
      title: 'Make it answerable: PICO and its relatives',
      points: [
        'PICO: Population, Intervention, Comparison, Outcome.',
        'PECO swaps the Intervention for an Exposure, for observational questions.',
        'SPIDER suits qualitative questions: Sample, Phenomenon of Interest, Design, Evaluation, Research type.',
        'Each element becomes a concept in your search and a line in your eligibility criteria.',
      ],
    },
    {
      title: 'The main study designs',
      points: [
        'Randomised controlled trial: the investigator assigns the intervention by chance.',
        'Cohort: follows people from exposure to outcome, forwards or using past records.',
        'Case-control: starts from people with and without the outcome and compares past exposures; efficient for rare outcomes.',
        'Cross-sectional: measures exposure and outcome at one time point; good for prevalence.',
        'Case reports and series describe; qualitative studies explore experiences and meanings.',
      ],
    },
    {
      title: 'The hierarchy of evidence, used wisely',
      points: [
        'For treatment effects: systematic reviews of RCTs, RCTs, cohort, case-control, case series, expert opinion.',
        'The pyramid is a starting point: a well-run cohort can beat a flawed trial.',
        'Match the design to the question: prevalence needs a survey, lived experience a qualitative study.',
        'GRADE starts RCT evidence as high certainty and observational evidence as low, then moves both up or down.',
      ],
    },
    {
      title: 'Bias and confounding',
      points: [
        'Selection bias: the people studied differ systematically from the people you want to describe.',
        'Information bias: exposure or outcome is measured wrongly, or differently between groups.',
        'Confounding: a third factor linked to both exposure and outcome distorts the association.',
        'Randomisation balances known and unknown confounders on average; adjustment can handle only measured ones.',
      ],
    },
    {
      title: 'Primary research or a review?',
      points: [
        'Primary research collects new data from participants, samples or records.',
        'Narrative review: a broad, expert overview without a prespecified, reproducible method.',
        'Systematic review: a focused question, a registered protocol and a reproducible search and appraisal.',
        'Scoping review: maps the extent and nature of the evidence on a broader topic.',
        'Umbrella review: a review of existing systematic reviews.',
      ],
      note: 'Choosing a review type is covered in the lesson on primary and secondary research.',
    },
    {
      title: 'Research integrity and trustworthy evidence',
      points: [
        'Misconduct means fabrication, falsification or plagiarism; honest error is not misconduct.',
        'Testing 20 outcomes with no real effect gives a 64% chance of at least one p < 0.05: 1 − 0.95²⁰.',
        'Preregister the question and analysis plan; registered reports are peer reviewed before data collection.',
        'Check every study you cite or pool for retractions and for trustworthiness (Cochrane policy, INSPECT-SR).',
        'Raise suspected misconduct with the journal editor or your research integrity office, in neutral language.',
      ],
      note: 'From the lesson Research Integrity and Trustworthy Evidence.',
    },
  ],

  'literature-review': [
    {
      title: 'Why and how to review the literature',
      points: [
        'Find out what is known, where the evidence is weak and how others measured your outcomes.',
        'Avoid repeating a study that already exists, and justify your own question.',
        'Narrative reviews give an overview; systematic reviews follow a prespecified, reproducible method.',
        'Keep a search log: database, platform, date, exact search string and number of results.',
      ],
    },
    {
      title: 'From question to concept blocks',
      points: [
        'Split the question (usually P and I, sometimes O) into two or three concept blocks.',
        'For each block list synonyms, spelling variants, abbreviations and related terms.',
        'Add the controlled vocabulary: MeSH in PubMed/MEDLINE, Emtree in Embase.',
        'Too many blocks make a search miss relevant studies; outcomes are often left out.',
      ],
    },
    {
      title: 'Boolean logic and search syntax',
      points: [
        'OR joins synonyms within a concept; AND joins the concepts.',
        'Use NOT sparingly: it silently removes records that mention both terms.',
        'Phrase searching ("surgical site infection") and truncation (infect*) widen or focus free text.',
        'PubMed field tags: [tiab] title/abstract, [mh] MeSH heading (exploded by default), [majr] major topic.',
      ],
      note: 'Example: ("Surgical Wound Infection"[mh] OR "surgical site infection*"[tiab]) AND (chlorhexidine[mh] OR chlorhexidine[tiab])',
    },
    {
      title: 'Choosing databases',
      points: [
        'PubMed/MEDLINE: free, biomedical, indexed with MeSH.',
        'Embase: Emtree indexing, strong on drugs and European journals.',
        'Scopus and Web of Science: multidisciplinary, with citation data.',
        'CINAHL for nursing and allied health, PsycINFO for psychology, Cochrane Library (CENTRAL) for trials.',
        'Google Scholar is useful for checking, but its results are hard to reproduce.',
      ],
    },
    {
      title: 'One search, three syntaxes',
      points: [
        'PubMed: "Chlorhexidine"[Mesh] OR chlorhexidine[tiab]',
        "Embase.com: 'chlorhexidine'/exp OR chlorhexidine:ti,ab",
        'Scopus: TITLE-ABS-KEY(chlorhexidine)',
        'Translate the thesaurus terms, field codes and truncation for each platform; do not just paste.',
      ],
    },
    {
      title: 'Beyond the database search',
      points: [
        'Backward citation chasing: screen the reference lists of key papers.',
        'Forward citation chasing: find later papers that cite them (Scopus, Web of Science, Google Scholar).',
        'Set alerts and saved searches so new studies reach you.',
        'Grey literature: theses, conference abstracts, reports and trial registries.',
      ],
    },
    {
      title: 'Getting and reading full texts',
      points: [
        'Legal routes: library access, open access copies (PubMed Central, repositories), interlibrary loan, emailing the author.',
        'Read the methods before the results: is the design fit for the question?',
        'Appraise with a structured checklist, for example CASP or JBI tools.',
        'Extract absolute and relative effects: ARR = control risk − treated risk; RRR = ARR ÷ control risk; NNT = 1 ÷ ARR, rounded up.',
      ],
    },
    {
      title: 'Organise and keep going',
      points: [
        'Use a reference manager (Zotero, EndNote, Mendeley) to store, de-duplicate and cite.',
        'Save the exact search strings and export files with the date you ran them.',
        'The EQUATOR Network lists reporting guidelines you will need later.',
        'Planning a full systematic review? Continue with the Systematic Review module.',
      ],
    },
  ],

  'systematic-review': [
    {
      title: 'What makes a review systematic',
      points: [
        'A focused question answered by finding, appraising and combining all eligible studies.',
        'Methods are written down in advance so another team could repeat them.',
        'A meta-analysis pools results statistically, only when studies are similar enough.',
        'Screening, extraction and risk-of-bias assessment need at least two people.',
      ],
    },
    {
      title: 'Protocol and registration',
      points: [
        'Turn the PICO question into explicit eligibility criteria, including study designs.',
        'Write the protocol to PRISMA-P, the reporting guideline for review protocols.',
        'Register it on PROSPERO before screening starts, so later decisions cannot be bent to fit the results.',
        'Record and explain any later change to the protocol in the published review.',
      ],
    },
    {
      title: 'Searching',
      points: [
        'Search several bibliographic databases; for intervention reviews Cochrane expects at least CENTRAL, MEDLINE and Embase.',
        'Add trial registries (ClinicalTrials.gov, WHO ICTRP) and other grey literature.',
        'Build the strategy from concept blocks with thesaurus terms, free text and Boolean operators.',
        'Report every full search strategy, with dates, following PRISMA-S; then remove duplicates.',
      ],
      note: 'An information specialist (medical librarian) is the best person to build and peer review the search.',
    },
    {
      title: 'Screening in duplicate',
      points: [
        'Two reviewers screen titles and abstracts independently, then the full texts.',
        'Pilot the criteria on a sample first, and refine the wording together.',
        "Resolve disagreements by discussion or a third reviewer; Cohen's kappa measures agreement beyond chance.",
        'Record one reason for every excluded full-text report.',
      ],
      note: 'Tools such as Rayyan or Covidence make blinded double screening easy to organise.',
    },
    {
      title: 'The PRISMA 2020 flow diagram',
      points: [
        'Identification: records from databases and registers, and duplicates removed.',
        'Screening: records screened and excluded; reports sought, not retrieved and assessed for eligibility.',
        'Full-text exclusions are listed with their reasons and numbers.',
        'Included: the number of studies and of reports; one study can have several reports.',
      ],
    },
    {
      title: 'Extraction and risk of bias (RoB 2)',
      points: [
        'Extract in duplicate on a piloted form: design, participants, interventions, outcomes and effect data.',
        'RoB 2 domains: randomisation process; deviations from intended interventions; missing outcome data.',
        'Plus: measurement of the outcome; selection of the reported result.',
        'Each domain and the overall result are judged low risk, some concerns or high risk.',
        'Use ROBINS-I for non-randomised studies of interventions.',
      ],
    },
    {
      title: 'Meta-analysis',
      points: [
        'Choose an effect measure: risk ratio or odds ratio for binary outcomes, mean difference or SMD for continuous ones.',
        'Inverse-variance weighting: each study is weighted by 1 ÷ variance, so more precise studies count more.',
        'A common-effect (fixed-effect) model assumes one true effect; random effects allow it to vary between studies.',
        'Forest plot: squares are study estimates sized by weight, lines their CIs, the diamond the pooled result.',
      ],
      note: 'Missing studies and results can bias the pooled result: the lesson Non-reporting bias covers registries, outcome switching, ROB-ME and the limits of funnel plots.',
    },
    {
      title: 'Heterogeneity: reading I²',
      points: [
        'I² is the percentage of variability in effect estimates due to heterogeneity rather than chance.',
        'Cochrane rough guide: 0–40% might not be important; 30–60% moderate; 50–90% substantial; 75–100% considerable.',
        'The bands overlap on purpose: also weigh the size and direction of effects and the confidence interval of I².',
        'Explore heterogeneity with prespecified subgroup or sensitivity analyses, not post hoc fishing.',
      ],
      note: "Going further: the Premium lesson Meta-analysis in depth covers prediction intervals, τ on the clinical scale, Hedges' g, zero-event trials, subgroup credibility (ICEMAN), unit-of-analysis issues and SWiM.",
    },
    {
      title: 'Certainty (GRADE) and reporting (PRISMA 2020)',
      points: [
        'GRADE rates certainty as high, moderate, low or very low.',
        'Rate down for risk of bias, inconsistency, indirectness, imprecision and publication bias.',
        'Present key outcomes in a summary of findings table.',
        'Report the review against the 27-item PRISMA 2020 checklist, with its flow diagram.',
      ],
      note: 'Going further: the Premium lesson GRADE certainty of evidence covers all eight domains, imprecision against thresholds, ROBINS-I and building a summary of findings table step by step.',
    },
  ],

  'data-analysis': [
    {
      title: 'Know your data types',
      points: [
        'Categorical: nominal (blood group) or ordinal (pain: none, mild, moderate, severe).',
        'Numerical: discrete counts or continuous measurements.',
        'The type decides which summaries and which tests are appropriate.',
        'Do not turn a continuous variable into categories without a good reason: information is lost.',
      ],
    },
    {
      title: 'Describe, then estimate',
      points: [
        'Roughly symmetric numbers: mean and standard deviation.',
        'Skewed numbers: median and interquartile range.',
        'Categories: counts and percentages, with the denominator.',
        'Report effects with a 95% confidence interval, not a p-value alone.',
      ],
    },
    {
      title: 'P-values, read correctly',
      points: [
        'A p-value shows how incompatible the data are with a specified model, such as the null hypothesis.',
        'It is not the probability that the hypothesis is true.',
        'It does not measure the size or the importance of an effect.',
        'Conclusions should not rest only on whether p crosses 0.05.',
      ],
      note: 'These points follow the American Statistical Association statement on p-values (2016).',
    },
    {
      title: 'Choosing a test',
      points: [
        'Start from the outcome type, the number of groups and whether they are independent or paired.',
        'Two independent means: t test (Mann–Whitney U if skewed); paired: paired t test (Wilcoxon signed-rank).',
        'Three or more groups: ANOVA (Kruskal–Wallis).',
        "Categories: chi-squared test, or Fisher's exact test when expected counts are small.",
        'Time to event: Kaplan–Meier curves, log-rank test, Cox regression.',
      ],
    },
    {
      title: 'Sample size: the four inputs',
      points: [
        'Alpha: the accepted false-positive rate, usually 0.05 two-sided.',
        'Power: the chance of detecting the target effect, usually 80% or 90%.',
        'Effect size: the smallest difference worth detecting, ideally clinically important.',
        'Variability: the SD of a continuous outcome, or the control-group event rate.',
      ],
      note: 'Choose the effect size because it matters clinically, not because it gives an affordable sample.',
    },
    {
      title: 'Sample size: a worked number',
      points: [
        'Two means: n per group = 2 × (z₁₋α/₂ + z₁₋β)² × σ² ÷ δ².',
        'δ = 5 mmHg, σ = 10 mmHg, α = 0.05, 80% power: 2 × 7.84 × 4 = 62.72, so 63 per group.',
        'Allow for 10% dropout by dividing: 63 ÷ 0.90 = 70 per group.',
        'Round up at every step, and say which method or software you used.',
      ],
      note: 'The worked example is taken from the Sample Size and Power lesson.',
    },
    {
      title: 'Diagnostic accuracy',
      points: [
        'Sensitivity = true positives ÷ all with the disease; specificity = true negatives ÷ all without it.',
        'Predictive values depend on prevalence; sensitivity and specificity do not, in principle.',
        'LR+ = sensitivity ÷ (1 − specificity); LR− = (1 − sensitivity) ÷ specificity.',
        'Report accuracy studies with STARD.',
      ],
    },
    {
      title: 'Risks, odds and survival',
      points: [
        'Risk ratio compares risks; the odds ratio approximates it only when the outcome is rare.',
        'Absolute risk reduction and NNT (1 ÷ ARR) show what an effect means for patients.',
        'Survival analysis handles censored follow-up; the hazard ratio comes from Cox regression.',
        'Involve a statistician early, ideally when you write the protocol.',
      ],
    },
    {
      title: 'Regression and confounding',
      points: [
        'Report crude and adjusted estimates side by side.',
        'Choose confounders from a causal diagram (DAG), not by p-values or stepwise selection.',
        'Do not adjust for mediators or colliders.',
        'State how missing data were handled, and prespecify how multiple testing will be handled.',
      ],
      note: 'Worked through in the Premium lesson Regression and Confounding.',
    },
  ],

  'manuscript-writing': [
    {
      title: 'The IMRaD structure',
      points: [
        'Introduction: why the study was needed.',
        'Methods: what you did, in enough detail to repeat it.',
        'Results: what you found, without interpretation.',
        'Discussion: what it means, its limitations and what should happen next.',
      ],
      note: 'The ICMJE Recommendations describe this structure for original research articles.',
    },
    {
      title: 'Pick the EQUATOR guideline for your design',
      points: [
        'Randomised trials: CONSORT.',
        'Observational studies (cohort, case-control, cross-sectional): STROBE.',
        'Systematic reviews and meta-analyses: PRISMA 2020.',
        'Diagnostic accuracy studies: STARD.',
        'Case reports: CARE; qualitative research: SRQR or COREQ.',
      ],
      note: 'The EQUATOR Network (equator-network.org) indexes reporting guidelines by study type.',
    },
    {
      title: 'Introduction and Methods',
      points: [
        'Introduction: what is known, the gap, and the aim or hypothesis, in a few paragraphs.',
        'Methods: design, setting, participants, interventions or exposures, and outcomes defined in advance.',
        'State the sample-size calculation and the statistical methods.',
        'Give ethics approval, consent and registration details.',
      ],
    },
    {
      title: 'Results and Discussion',
      points: [
        'Results: participant flow, baseline characteristics, then the main outcome with an effect size and 95% CI.',
        'Do not repeat every table number in the text.',
        'Discussion: main finding, comparison with other studies, strengths and limitations, implications.',
        'Match the language to the design: association is not causation in observational data.',
      ],
    },
    {
      title: 'The structured abstract',
      points: [
        'Usually Background or Objective, Methods, Results and Conclusions; follow the journal.',
        'It must stand on its own: many readers see nothing else.',
        'Give the main result as an effect size with its confidence interval.',
        'Include the registration number where the design requires it.',
      ],
    },
    {
      title: 'Use the checklist as your outline',
      points: [
        'Download the checklist for your design before you start writing.',
        'Draft each section against its checklist items.',
        'Fill in page or line numbers at the end and submit the checklist with the manuscript.',
        'Next: choose a journal and write the cover letter in the Publishing module.',
      ],
    },
  ],

  'open-data': [
    {
      title: 'Why share research data',
      points: [
        'Funders, journals and participants increasingly expect the data behind a paper to be available.',
        'Shared data let others check results and reuse them.',
        'Sharing well means privacy, a licence, a repository, documentation and a persistent identifier.',
        'The guiding phrase: as open as possible, as closed as necessary.',
      ],
    },
    {
      title: 'The FAIR principles',
      points: [
        'Findable: a persistent identifier such as a DOI, rich metadata, indexed in a searchable resource.',
        'Accessible: retrievable by identifier through a standard protocol; metadata stay available.',
        'Interoperable: open formats and shared vocabularies, such as CSV and standard codes.',
        'Reusable: a clear licence, provenance and community standards.',
      ],
      note: 'Wilkinson MD, et al. Sci Data, 2016. FAIR is not the same as open: controlled-access data can be FAIR.',
    },
    {
      title: 'Data availability statements',
      points: [
        'Say whether de-identified participant data will be shared, and which data.',
        'Say which documents come with them: protocol, analysis plan, consent form.',
        'Say when, for how long, for whom, for what analyses and by what mechanism.',
        'ICMJE requires a data sharing statement for clinical trial manuscripts submitted from 1 July 2018.',
      ],
      note: 'ICMJE asks for the statement, not for sharing itself, but the statement must be explicit.',
    },
    {
      title: 'Licences and repositories',
      points: [
        'CC0 dedicates data to the public domain; CC BY 4.0 requires attribution.',
        'Use a discipline repository where one exists, otherwise a general one: Zenodo, OSF, Dryad or Figshare.',
        'Choose a repository that mints a DOI and keeps the record long term.',
        'Sensitive data can sit behind controlled access with a data use agreement.',
      ],
    },
    {
      title: 'De-identification basics',
      points: [
        'Remove direct identifiers: names, addresses, phone numbers, hospital and record numbers.',
        'Reduce indirect identifiers: band ages, coarsen dates, merge rare diagnoses and small areas.',
        'Consent and ethics approval must allow the sharing you plan.',
        'Data protection law differs between countries: ask your data protection officer.',
      ],
    },
    {
      title: 'A reproducible workflow',
      points: [
        'Start with a data management plan.',
        'Keep raw data read-only and separate from processed data, code and outputs.',
        'Document with a README and a codebook (data dictionary).',
        'Track code with version control such as Git.',
      ],
    },
    {
      title: 'Deposit and cite',
      points: [
        'Deposit the dataset, codebook and code together, with a licence.',
        'Cite the dataset DOI in the data availability statement.',
        'Link the deposit to the article once it is published.',
        'Then submit: see the Publishing module.',
      ],
    },
  ],

  publishing: [
    {
      title: 'Choosing a journal',
      points: [
        'Scope and audience: read recent articles and the aims and scope page.',
        'Article types and word limits that fit your manuscript.',
        'Indexing: check claims directly in the databases, not only on the journal website.',
        'Open access model, charges, and what your funder requires.',
      ],
    },
    {
      title: 'Predatory journal red flags',
      points: [
        'Unsolicited, flattering emails inviting you to submit.',
        'Promises of very fast peer review or guaranteed acceptance.',
        'Fees that are hidden or only revealed after acceptance.',
        'Invented metrics, or indexing and membership claims you cannot verify.',
        'Editorial board members who are unknown or unaware they are listed.',
      ],
      note: 'Check any unfamiliar journal with the Think. Check. Submit. checklist.',
    },
    {
      title: 'The parts of a cover letter',
      points: [
        'Heading: date, the editor by name, manuscript title, article type and the exact journal name.',
        'The question: the gap in knowledge and why it matters.',
        'The finding: design, size and the main result with a number and its uncertainty.',
        'Fit: why this journal\u2019s readers in particular.',
        'Declarations, then a closing with the corresponding author\u2019s contact details.',
      ],
      note: 'Keep it to one page.',
    },
    {
      title: 'Declarations editors expect',
      points: [
        'Originality: not published or under consideration elsewhere; mention any preprint.',
        'Authorship: every author meets the ICMJE criteria and approved the submission.',
        'Competing interests and funding, including the funder\u2019s role.',
        'Ethics approval and consent, trial or review registration, reporting guideline and data availability.',
      ],
    },
    {
      title: 'ORCID and preprints',
      points: [
        'An ORCID iD is a persistent identifier that links you to your work.',
        'Many journals ask for it at submission.',
        'A preprint (for example on medRxiv) shares results early, before peer review.',
        "Check the target journal's preprint policy before posting.",
      ],
    },
    {
      title: 'Licences, rights and open access compliance',
      points: [
        'CC BY allows any reuse, including commercial and adapted, with attribution; NC and ND restrict it.',
        'Rights retention: state a CC BY licence on your accepted manuscript at submission, then deposit it on publication.',
        'cOAlition S members stopped paying for transformative arrangements after 2024: check your funder and the Journal Checker Tool.',
        'Hijacked journals copy a real title and ISSN: verify via the ISSN Portal and the Retraction Watch Hijacked Journal Checker.',
      ],
      note: 'From the lesson Licences, Rights and Open Access Compliance.',
    },
    {
      title: 'Peer review and decisions',
      points: [
        'An editor may desk-reject without review, often for fit or scope.',
        'Review can be single-anonymised, double-anonymised or open.',
        'Decisions: accept, minor revision, major revision, or reject.',
        'After a rejection, use the comments to improve the paper before the next journal.',
      ],
    },
    {
      title: 'Responding to reviewers',
      points: [
        'Answer every comment, point by point, in a table or numbered list.',
        'Quote the comment, give your reply, and say exactly where the manuscript changed.',
        'Disagree politely, with evidence, when a request is wrong or out of scope.',
        'Thank the reviewers, keep a courteous tone and meet the revision deadline.',
      ],
    },
  ],
};

/** The courses that have a deck, in course order: the decks /slides offers. */
export function courseDecks(catalog: CourseCatalog): SlideDeckData[] {
  return catalog.courses.flatMap((course) => {
    const slides = slidesByCourse[course.slug];
    return slides ? [{slug: course.slug, title: course.title, permalink: course.permalink, slides}] : [];
  });
}

/** Course slugs with a deck, whether or not the catalog has that course (for the content check). */
export const deckCourseSlugs: readonly string[] = Object.keys(slidesByCourse);
