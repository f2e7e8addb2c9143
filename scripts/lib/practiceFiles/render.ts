// Turns the template and dataset definitions into the files served from static/: CSV for every
// table, XLSX (through exceljs) for the templates that also ship as spreadsheets, SVG and .drawio
// for the PRISMA flow diagram, Markdown and .docx for the cover letter.
import ExcelJS from 'exceljs';
import {stringify} from 'csv-stringify/sync';
import {coverLetterDocx, coverLetterMarkdown, COVER_LETTER_NAME} from './coverLetter';
import {datasets} from './datasets';
import {prismaDrawio, prismaSvg} from './prismaFlow';
import {tableTemplates, type TableTemplate} from './tables';
import {SITE_TITLE} from '../../../shared/site';

/** A file to write, by its path below static/. */
export interface PracticeFile {
  path: string;
  content: string | Buffer;
}

export const toCsv = (header: string[], rows: (string | number)[][]): string =>
  stringify([header, ...rows], {record_delimiter: '\n'});

/** Spreadsheet column letter for a 0-based index (A..Z is enough for our widest template). */
const columnLetter = (index: number): string => String.fromCharCode(65 + index);

// A fixed date keeps the workbook's document properties stable between regenerations.
const WORKBOOK_DATE = new Date('2026-11-23T00:00:00Z');

export async function toXlsx(template: TableTemplate): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = SITE_TITLE;
  workbook.created = WORKBOOK_DATE;
  workbook.modified = WORKBOOK_DATE;
  const sheet = workbook.addWorksheet(template.sheet, {views: [{state: 'frozen', ySplit: 1}]});
  sheet.columns = template.header.map((title) => ({
    header: title,
    width: Math.min(60, Math.max(14, title.length + 2, ...template.rows.map((r) => (r[template.header.indexOf(title)] ?? '').length + 2))),
  }));
  sheet.addRows(template.rows);
  const headerRow = sheet.getRow(1);
  headerRow.font = {bold: true};
  headerRow.alignment = {wrapText: true, vertical: 'top'};
  for (const [column, values] of Object.entries(template.choices ?? {})) {
    const index = template.header.indexOf(column);
    if (index < 0) throw new Error(`${template.name}: no column "${column}" for its choices`);
    const letter = columnLetter(index);
    for (let row = 2; row <= template.rows.length + 1; row += 1) {
      sheet.getCell(`${letter}${row}`).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [`"${values.join(',')}"`],
        showErrorMessage: true,
        errorTitle: 'Choose from the list',
        error: `Allowed: ${values.join(', ')}`,
      };
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function practiceFiles(): Promise<PracticeFile[]> {
  const files: PracticeFile[] = [];
  for (const template of tableTemplates) {
    files.push({path: `templates/${template.name}.csv`, content: toCsv(template.header, template.rows)});
    if (template.xlsx) files.push({path: `templates/${template.name}.xlsx`, content: await toXlsx(template)});
  }
  files.push({path: 'templates/prisma-2020-flow-diagram.svg', content: prismaSvg()});
  files.push({path: 'templates/prisma-2020-flow-diagram.drawio', content: prismaDrawio()});
  files.push({path: `templates/${COVER_LETTER_NAME}.md`, content: coverLetterMarkdown()});
  files.push({path: `templates/${COVER_LETTER_NAME}.docx`, content: await coverLetterDocx()});
  for (const dataset of datasets()) {
    files.push({path: `datasets/${dataset.file}`, content: toCsv(dataset.header, dataset.rows)});
  }
  return files;
}
