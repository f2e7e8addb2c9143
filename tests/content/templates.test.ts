// The downloadable templates (static/templates/) and practice datasets (static/datasets/) are
// what the lessons say they are: every link resolves to a file the build publishes, each
// template is linked from the lessons that teach it, the files match their generator, their
// wording matches the standards (PRISMA 2020, RoB 2), and every dataset a code snippet reads
// exists with the columns the snippet uses. Python snippets are run when python3 has numpy and
// scipy; R is not installed here, so R snippets get the file and column checks only.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import {parse} from 'csv-parse/sync';
import {beforeAll, describe, expect, it} from 'vitest';
import {listDocFiles, readDoc, type DocPage} from './docsTree';
import {practiceFiles, type PracticeFile} from '../../scripts/lib/practiceFiles/render';
import {tableTemplates} from '../../scripts/lib/practiceFiles/tables';

const STATIC_DIR = path.resolve(__dirname, '../../static');
const pages = listDocFiles().map(readDoc);

/** Files offered with <Download href="/templates/…"> or <Download href="/datasets/…">. */
function downloadLinks(page: DocPage): string[] {
  return [...page.body.matchAll(/<Download\s+href="(\/(?:templates|datasets)\/[^"]+)"/g)].map((m) => m[1] as string);
}

/** Markdown links to those files, which would open a new tab instead of saving the file. */
const markdownFileLinks = (page: DocPage): string[] =>
  page.body.match(/\]\((?:pathname:\/\/)?\/(?:templates|datasets)\/[^)\s]*\)/g) ?? [];

const readCsv = (file: string): Record<string, string>[] =>
  parse(fs.readFileSync(path.join(STATIC_DIR, file), 'utf8'), {columns: true, skip_empty_lines: true}) as Record<string, string>[];

const csvHeader = (file: string): string[] =>
  (parse(fs.readFileSync(path.join(STATIC_DIR, file), 'utf8'), {to_line: 1}) as string[][])[0] as string[];

describe('download links', () => {
  it('every template or dataset link in the docs resolves to a file in static/', () => {
    const links = pages.flatMap((page) => downloadLinks(page).map((link) => [page.id, link] as const));
    expect(links.length).toBeGreaterThan(10);
    for (const [id, link] of links) {
      expect(fs.existsSync(path.join(STATIC_DIR, link)), `${id} links ${link}`).toBe(true);
    }
  });

  it('offers files with <Download>, never a Markdown link that opens them in a new tab', () => {
    for (const page of pages) expect(markdownFileLinks(page), page.id).toEqual([]);
  });

  // Each template is offered where it is taught (issue #11).
  const taughtIn: Record<string, string[]> = {
    'literature-review/developing-search-strategies': ['/templates/search-log.csv'],
    'systematic-review/screen-title-abstract': ['/templates/screening-form.xlsx', '/templates/screening-form.csv'],
    'systematic-review/full-text-screening': ['/templates/screening-form.xlsx', '/templates/screening-form.csv'],
    'systematic-review/extraction-table': ['/templates/data-extraction-form.xlsx', '/templates/data-extraction-form.csv'],
    'systematic-review/bias-assessment': ['/templates/rob2-judgement-sheet.xlsx'],
    'systematic-review/writing-manuscript': ['/templates/prisma-2020-flow-diagram.svg', '/templates/prisma-2020-flow-diagram.drawio'],
    'systematic-review/meta-analysis': ['/templates/summary-of-findings.xlsx'],
    'publishing/cover-letter': ['/templates/cover-letter-skeleton.md', '/templates/cover-letter-skeleton.docx'],
  };
  it.each(Object.entries(taughtIn))('%s links its templates', (id, expected) => {
    const page = pages.find((p) => p.id === `modules/${id}`);
    expect(page, id).toBeDefined();
    expect(downloadLinks(page as DocPage)).toEqual(expect.arrayContaining(expected));
  });
});

describe('generated files', () => {
  let generated: PracticeFile[] = [];
  beforeAll(async () => {
    generated = await practiceFiles();
  });

  it('match their generator (run `npm run templates:generate` after changing it)', () => {
    for (const file of generated) {
      const onDisk = path.join(STATIC_DIR, file.path);
      expect(fs.existsSync(onDisk), file.path).toBe(true);
      if (typeof file.content === 'string') expect(fs.readFileSync(onDisk, 'utf8'), file.path).toBe(file.content);
    }
  });

  it('each XLSX holds the same table as its CSV, with drop-down lists for coded columns', async () => {
    for (const template of tableTemplates.filter((t) => t.xlsx)) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(path.join(STATIC_DIR, 'templates', `${template.name}.xlsx`));
      const sheet = workbook.getWorksheet(template.sheet);
      expect(sheet, template.name).toBeDefined();
      const cells = (sheet as ExcelJS.Worksheet).getSheetValues().slice(1).map((row) => (Array.isArray(row) ? row.slice(1).map((v) => (v == null ? '' : String(v))) : []));
      const csv = parse(fs.readFileSync(path.join(STATIC_DIR, 'templates', `${template.name}.csv`), 'utf8')) as string[][];
      // Trailing empty cells are not stored in XLSX; compare the filled part of each row.
      const trim = (row: string[]) => {
        const out = [...row];
        while (out.length > 0 && out.at(-1) === '') out.pop();
        return out;
      };
      expect(cells.map(trim)).toEqual(csv.map(trim));
      for (const [column, values] of Object.entries(template.choices ?? {})) {
        const letter = String.fromCharCode(65 + template.header.indexOf(column));
        const validation = (sheet as ExcelJS.Worksheet).getCell(`${letter}2`).dataValidation;
        expect(validation?.type, `${template.name}: ${column}`).toBe('list');
        expect(validation?.formulae).toEqual([`"${values.join(',')}"`]);
      }
    }
  });
});

describe('template wording follows the standards', () => {
  it('the PRISMA 2020 flow diagram has every box of the statement for new reviews of databases and registers', () => {
    // Page MJ, et al. BMJ 2021;372:n71, flow diagram for new systematic reviews which included
    // searches of databases and registers only.
    const boxes = [
      'Identification of studies via databases and registers',
      'Records identified from*:',
      'Databases (n = )',
      'Registers (n = )',
      'Records removed before screening:',
      'Duplicate records removed (n = )',
      'Records marked as ineligible by automation tools (n = )',
      'Records removed for other reasons (n = )',
      'Records screened',
      'Records excluded**',
      'Reports sought for retrieval',
      'Reports not retrieved',
      'Reports assessed for eligibility',
      'Reports excluded:',
      'Reason 1 (n = )',
      'Studies included in review (n = )',
      'Reports of included studies (n = )',
      'Identification',
      'Screening',
      'Included',
    ];
    const svg = fs.readFileSync(path.join(STATIC_DIR, 'templates/prisma-2020-flow-diagram.svg'), 'utf8');
    const drawio = fs.readFileSync(path.join(STATIC_DIR, 'templates/prisma-2020-flow-diagram.drawio'), 'utf8');
    const svgTexts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    for (const text of boxes) {
      expect(svgTexts, `SVG has "${text}"`).toContain(text);
      expect(drawio, `.drawio has "${text}"`).toContain(text.replace(/&/g, '&amp;'));
    }
    expect(svg).toContain('doi: 10.1136/bmj.n71');
  });

  it('the cover-letter skeleton walks through the lesson\'s parts A to F and every declaration', () => {
    const letter = fs.readFileSync(path.join(STATIC_DIR, 'templates/cover-letter-skeleton.md'), 'utf8');
    const parts = ['[A] Opening', '[B] The question', '[C] The finding', '[D] Fit with the journal', '[E] Declarations', '[F] Reviewer suggestions'];
    const positions = parts.map((part) => letter.indexOf(part));
    expect(positions.every((p) => p >= 0), 'every part is there').toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const declaration of ['original', 'preprint', 'ICMJE authorship criteria', 'CRediT', 'approved by', 'registered', 'reporting guideline', 'funded by', 'competing interests', 'data availability']) {
      expect(letter, declaration).toContain(declaration);
    }
    const docx = fs.readFileSync(path.join(STATIC_DIR, 'templates/cover-letter-skeleton.docx'));
    expect(docx.subarray(0, 2).toString('latin1'), 'the .docx is a zip package').toBe('PK');
  });

  // Issue #29: the form learners copy must not rebuild the non-reporting bias the lessons warn
  // against. Publication or completion status is no criterion, and a study can be ongoing or
  // awaiting classification, which is neither included nor excluded.
  it('the screening form asks the full-text lesson\'s criteria in its order, none on status, and offers its four decisions', () => {
    const header = csvHeader('templates/screening-form.csv');
    const criteria = header.filter((column) => /^\d+\. /.test(column));
    expect(criteria).toEqual(['1. Population met?', '2. Intervention met?', '3. Comparator met?', '4. Study design met?']);
    expect(header.join(' ')).not.toMatch(/status|publish|complet|results available/i);
    const form = tableTemplates.find((t) => t.name === 'screening-form');
    const decision = header.find((column) => column.startsWith('Decision')) as string;
    const choices = form?.choices?.[decision];
    expect(choices).toEqual(['Include', 'Exclude', 'Ongoing study', 'Awaiting classification']);
    // The CSV has no drop-down: the column title itself names every allowed value.
    for (const choice of choices ?? []) expect(decision).toContain(choice);
    const fullText = pages.find((p) => p.id === 'modules/systematic-review/full-text-screening') as DocPage;
    const listed = fullText.body.split('\n').flatMap((line) => /^\d\. \*\*(\w+)\*\*:/.exec(line)?.[1] ?? []);
    expect(listed, 'the lesson\'s ordered criteria').toEqual(['Population', 'Intervention', 'Comparator', 'Design']);
    for (const page of ['full-text-screening', 'screen-title-abstract']) {
      const body = (pages.find((p) => p.id === `modules/systematic-review/${page}`) as DocPage).body;
      for (const term of ['Ongoing study', 'Awaiting classification']) expect(body, `${page} names "${term}"`).toContain(`**${term}**`);
    }
  });

  it('the RoB 2 sheet names the five domains, the overall judgement and the judgement options as RoB 2 does', () => {
    const rows = readCsv('templates/rob2-judgement-sheet.csv');
    const domains = [...new Set(rows.map((r) => r.Domain))];
    expect(domains).toEqual([
      'D1. Bias arising from the randomization process',
      'D2. Bias due to deviations from intended interventions',
      'D3. Bias due to missing outcome data',
      'D4. Bias in measurement of the outcome',
      'D5. Bias in selection of the reported result',
      'Overall risk of bias',
    ]);
    const rob2 = tableTemplates.find((t) => t.name === 'rob2-judgement-sheet');
    expect(rob2?.choices?.Judgement).toEqual(['Low risk of bias', 'Some concerns', 'High risk of bias']);
    expect(rob2?.choices?.['Response (Y, PY, PN, N, NI, NA)']).toEqual(['Y', 'PY', 'PN', 'N', 'NI', 'NA']);
    // Every domain ends with its judgement row, after its signalling questions.
    expect(rows.filter((r) => r.Item === 'Domain judgement')).toHaveLength(5);
  });
});

/** Code blocks of the docs that read a practice dataset by a relative file name. */
interface Snippet {
  page: string;
  language: string;
  code: string;
  file: string;
  variable: string;
}

function snippets(): Snippet[] {
  return pages.flatMap((page) =>
    [...page.body.matchAll(/^\s*```(\w+)\n([\s\S]*?)^\s*```/gm)].flatMap((block) => {
      const [, language, code] = block as unknown as [string, string, string];
      const read = /(\w+)\s*(?:<-|=)\s*(?:read\.csv|np\.genfromtxt|pd\.read_csv)\(\s*"([^"/]+\.csv)"/.exec(code);
      return read ? [{page: page.id, language, code, file: read[2] as string, variable: read[1] as string}] : [];
    }),
  );
}

describe('practice datasets', () => {
  const found = snippets();

  it('the lessons have R and Python snippets that read them', () => {
    expect(found.filter((s) => s.language === 'r').length).toBeGreaterThanOrEqual(3);
    expect(found.filter((s) => s.language === 'python').length).toBeGreaterThanOrEqual(2);
  });

  it.each(found.map((s) => [`${s.page} (${s.language}) reads ${s.file}`, s] as const))('%s: file linked, columns exist', (_name, snippet) => {
    const file = `datasets/${snippet.file}`;
    expect(fs.existsSync(path.join(STATIC_DIR, file)), `${file} exists`).toBe(true);
    const page = pages.find((p) => p.id === snippet.page) as DocPage;
    expect(downloadLinks(page), `${snippet.page} links /${file} for download`).toContain(`/${file}`);
    const header = csvHeader(file);
    const v = snippet.variable;
    const used = [
      ...[...snippet.code.matchAll(new RegExp(`\\b${v}\\$(\\w+)`, 'g'))].map((m) => m[1]),
      ...[...snippet.code.matchAll(new RegExp(`\\b${v}\\["(\\w+)"\\]`, 'g'))].map((m) => m[1]),
      // R model formulas name columns of `data = <variable>`: glm(y ~ a + b, ..., data = d).
      ...[...snippet.code.matchAll(new RegExp(`\\(\\s*([\\w\\s~+*:.]+~[\\w\\s+*:.]+),[^\\n]*\\bdata\\s*=\\s*${v}\\b`, 'g'))].flatMap(
        (m) => (m[1] ?? '').match(/[A-Za-z_]\w*/g) ?? [],
      ),
    ];
    expect(used.length, 'the snippet uses at least one column').toBeGreaterThan(0);
    for (const column of used) expect(header, `${file} has column ${column}`).toContain(column);
  });

  it('wound_trial.csv reproduces the dressing trial: 100 per arm, 12 and 24 infections', () => {
    const rows = readCsv('datasets/wound_trial.csv');
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r) => r.id)).size).toBe(200);
    const infections = (group: string) => rows.filter((r) => r.group === group && r.infection_30d === '1').length;
    expect(rows.filter((r) => r.group === 'new_dressing')).toHaveLength(100);
    expect(infections('new_dressing')).toBe(12);
    expect(infections('standard_care')).toBe(24);
    const codebook = readCsv('datasets/wound_trial_codebook.csv').map((r) => r.variable);
    expect(codebook).toEqual(csvHeader('datasets/wound_trial.csv'));
  });

  it('clinic_bp.csv and rapid_test.csv hold the numbers their lessons work by hand', () => {
    const sbp = readCsv('datasets/clinic_bp.csv').map((r) => Number(r.sbp));
    expect(sbp.reduce((a, b) => a + b, 0)).toBe(1350);
    expect(sbp).toHaveLength(10);
    const tests = readCsv('datasets/rapid_test.csv');
    const count = (t: string, c: string) => tests.filter((r) => r.test_result === t && r.condition === c).length;
    expect([count('positive', 'present'), count('positive', 'absent'), count('negative', 'present'), count('negative', 'absent')]).toEqual([90, 180, 10, 720]);
  });

  const python = spawnSync('python3', ['-c', 'import numpy, scipy.stats.contingency'], {encoding: 'utf8'});
  it.skipIf(python.status !== 0).each(found.filter((s) => s.language === 'python').map((s) => [`${s.page} reads ${s.file}`, s] as const))(
    'the Python snippet in %s runs against the dataset',
    (_name, snippet) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'snippet-'));
      fs.copyFileSync(path.join(STATIC_DIR, 'datasets', snippet.file), path.join(dir, snippet.file));
      const run = spawnSync('python3', ['-c', snippet.code], {cwd: dir, encoding: 'utf8'});
      fs.rmSync(dir, {recursive: true, force: true});
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    },
    // Importing scipy takes seconds on a busy machine: a generous limit, not a speed check.
    120_000,
  );
});
