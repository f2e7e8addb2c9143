// The cover-letter skeleton a learner downloads from the cover-letter lesson: the lesson's five
// parts plus closing, with the declarations ICMJE-following journals check, as plain Markdown
// that opens in any text editor and pastes into any word processor.
export const COVER_LETTER_FILE = 'cover-letter-skeleton.md';

export const COVER_LETTER_PARTS = ['[A] Opening', '[B] The question', '[C] The finding', '[D] Fit with the journal', '[E] Declarations', '[F] Reviewer suggestions or exclusions'];

export function coverLetterSkeleton(): string {
  return `<!-- Cover-letter skeleton from Research Methods Academy, "Writing a Cover Letter".
     Replace every [bracketed placeholder], delete the part labels ([A] to [F]) and these
     comments, and keep the letter to one page. -->

[Date]

Dr [Editor's full name]
[Editor's role], [Journal's exact name]

Dear Dr [Editor's surname],

<!-- [A] Opening: exact title, article type, journal name. -->
Please consider our manuscript, "[Exact manuscript title]", for publication as
[article type, e.g. an Original Article] in [Journal's exact name].

<!-- [B] The question: the gap in knowledge and why it matters, in 1-2 sentences. -->
[What is not known, and why it matters to patients, clinicians or policy.]

<!-- [C] The finding: design, size, main result with a number and its 95% CI,
     and an honest word on precision. Numbers identical to the abstract. -->
In this [design] of [number] [participants], we found [main result:
effect estimate, 95% CI]. [One sentence on what the uncertainty means.]

<!-- [D] Fit with the journal: why this journal's readers, linked to its scope
     or recent articles. -->
[Why readers of this journal in particular will find it useful.]

<!-- [E] Declarations: delete none; write "none" or "not applicable" where true. -->
We confirm that:
- the manuscript is original, has not been published and is not under
  consideration elsewhere; [related publications from the same study or dataset];
  [a preprint is posted at (server, DOI) / no preprint has been posted];
- all authors meet the ICMJE authorship criteria and approved the final version;
  contributions are listed using CRediT;
- the study was approved by [ethics committee] (ref. [number]);
  [how consent was obtained];
- the [trial/review] was registered at [registry] ([number]) [before enrolment];
- the report follows [reporting guideline], and the completed checklist is uploaded;
- the study was funded by [funder, grant number]; the funder's role was [role, or
  "none in design, analysis or reporting"];
- competing interests: [summary, or "none declared"]; disclosure forms are uploaded;
- [data availability: where the data and code are (repository, DOI, licence),
  or who decides on access requests, on what criteria and how].

<!-- [F] Reviewer suggestions or exclusions, only if the journal asks; give a reason
     for each exclusion, and suggest no one with a conflict of interest. -->
[Optional: suggested reviewers, or a reviewer to exclude and why.]

Yours sincerely,

[Corresponding author's name, degrees]
[Department, institution, postal address]
[Email] | ORCID [iD]
On behalf of all authors
`;
}
