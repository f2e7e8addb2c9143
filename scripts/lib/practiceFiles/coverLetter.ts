// The cover-letter skeleton a learner downloads from the cover-letter lesson: the lesson's parts
// [A] to [F] plus closing, with the declarations ICMJE-following journals check. Defined once as
// blocks and rendered as Markdown (opens in any text editor) and as .docx (through the docx
// package) for word processors; guidance to the writer is an HTML comment in Markdown and grey
// italics in .docx, to delete before sending.
import {Document, Packer, Paragraph, TextRun} from 'docx';
import {SITE_TITLE} from '../../../shared/site';

type Block =
  | {kind: 'lines'; lines: string[]}
  | {kind: 'para'; text: string}
  | {kind: 'guidance'; text: string}
  | {kind: 'bullets'; lead: string; items: string[]};

export const COVER_LETTER_NAME = 'cover-letter-skeleton';

const blocks: Block[] = [
  {
    kind: 'guidance',
    text: `Cover-letter skeleton from ${SITE_TITLE}, "Writing a Cover Letter". Replace every [bracketed placeholder], delete the guidance notes, and keep the letter to one page.`,
  },
  {kind: 'lines', lines: ['[Date]']},
  {kind: 'lines', lines: ["Dr [Editor's full name]", "[Editor's role], [Journal's exact name]"]},
  {kind: 'lines', lines: ["Dear Dr [Editor's surname],"]},
  {kind: 'guidance', text: '[A] Opening: exact title, article type, journal name.'},
  {
    kind: 'para',
    text: 'Please consider our manuscript, "[Exact manuscript title]", for publication as [article type, e.g. an Original Article] in [Journal\'s exact name].',
  },
  {kind: 'guidance', text: '[B] The question: the gap in knowledge and why it matters, in one or two sentences.'},
  {kind: 'para', text: '[What is not known, and why it matters to patients, clinicians or policy.]'},
  {
    kind: 'guidance',
    text: '[C] The finding: design, size, main result with a number and its 95% CI, and an honest word on precision. Numbers identical to the abstract.',
  },
  {
    kind: 'para',
    text: 'In this [design] of [number] [participants], we found [main result: effect estimate, 95% CI]. [One sentence on what the uncertainty means.]',
  },
  {kind: 'guidance', text: "[D] Fit with the journal: why this journal's readers, linked to its scope or recent articles."},
  {kind: 'para', text: '[Why readers of this journal in particular will find it useful.]'},
  {kind: 'guidance', text: '[E] Declarations: delete none; write "none" or "not applicable" where true.'},
  {
    kind: 'bullets',
    lead: 'We confirm that:',
    items: [
      'the manuscript is original, has not been published and is not under consideration elsewhere; [related publications from the same study or dataset]; [a preprint is posted at (server, DOI) / no preprint has been posted];',
      'all authors meet the ICMJE authorship criteria and approved the final version; contributions are listed using CRediT;',
      'the study was approved by [ethics committee] (ref. [number]); [how consent was obtained];',
      'the [trial/review] was registered at [registry] ([number]) [before enrolment];',
      'the report follows [reporting guideline], and the completed checklist is uploaded;',
      'the study was funded by [funder, grant number]; the funder\'s role was [role, or "none in design, analysis or reporting"];',
      'competing interests: [summary, or "none declared"]; disclosure forms are uploaded;',
      '[data availability: where the data and code are (repository, DOI, licence), or who decides on access requests, on what criteria and how].',
    ],
  },
  {
    kind: 'guidance',
    text: '[F] Reviewer suggestions or exclusions, only if the journal asks; give a reason for each exclusion, and suggest no one with a conflict of interest.',
  },
  {kind: 'para', text: '[Optional: suggested reviewers, or a reviewer to exclude and why.]'},
  {kind: 'lines', lines: ['Yours sincerely,']},
  {
    kind: 'lines',
    lines: ["[Corresponding author's name, degrees]", '[Department, institution, postal address]', '[Email] | ORCID [iD]', 'On behalf of all authors'],
  },
];

/** Greedy word wrap, so the Markdown reads well in a plain text editor. */
function wrap(text: string, width: number, indent = ''): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(lines.length === 0 ? word : `${indent}${word}`);
  }
  return lines;
}

export function coverLetterMarkdown(): string {
  const rendered = blocks.map((block) => {
    switch (block.kind) {
      case 'lines':
        return block.lines.join('\n');
      case 'para':
        return wrap(block.text, 78).join('\n');
      case 'guidance':
        return `<!-- ${wrap(block.text, 74, '     ').join('\n')} -->`;
      case 'bullets':
        return [block.lead, ...block.items.map((item) => `- ${wrap(item, 76, '  ').join('\n')}`)].join('\n');
    }
  });
  return `${rendered.join('\n\n')}\n`;
}

export async function coverLetterDocx(): Promise<Buffer> {
  const text = (value: string) => new TextRun({text: value, font: 'Calibri', size: 22});
  const children = blocks.flatMap((block) => {
    switch (block.kind) {
      case 'lines':
        return block.lines.map((line, i) => new Paragraph({children: [text(line)], spacing: {after: i === block.lines.length - 1 ? 200 : 0}}));
      case 'para':
        return [new Paragraph({children: [text(block.text)], spacing: {after: 200}})];
      case 'guidance':
        return [new Paragraph({children: [new TextRun({text: block.text, italics: true, color: '808080', font: 'Calibri', size: 20})], spacing: {after: 120}})];
      case 'bullets':
        return [
          new Paragraph({children: [text(block.lead)], spacing: {after: 80}}),
          ...block.items.map((item) => new Paragraph({children: [text(item)], bullet: {level: 0}, spacing: {after: 80}})),
        ];
    }
  });
  const document = new Document({
    creator: SITE_TITLE,
    title: 'Cover-letter skeleton',
    description: 'Parts A to F of a journal cover letter with placeholders',
    sections: [{children}],
  });
  // docx stamps the generation time into the document properties, so only the text is compared.
  return Packer.toBuffer(document);
}
