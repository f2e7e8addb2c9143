// Reading an extraction table: CSV text to rows (csv-parse), rows to a validated dataset. Every
// problem is reported with its row (as a spreadsheet numbers it: the header is row 1) and column.
import {parse} from 'csv-parse/browser/esm/sync';
import type {BinaryStudy, ContinuousStudy, Dataset} from './types';

export const BINARY_COLUMNS = ['study', 'events_t', 'n_t', 'events_c', 'n_c'] as const;
export const CONTINUOUS_COLUMNS = ['study', 'mean_t', 'sd_t', 'n_t', 'mean_c', 'sd_c', 'n_c'] as const;

export class DataError extends Error {
  constructor(
    message: string,
    readonly row?: number,
    readonly column?: string,
  ) {
    super(row !== undefined ? `row ${row}${column ? `, column ${column}` : ''}: ${message}` : message);
  }
}

export type RawRow = Record<string, string>;

/** CSV text to header and rows of strings. */
export function parseCsv(text: string): {header: string[]; rows: RawRow[]} {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {skip_empty_lines: true, trim: true, relax_column_count: true}) as string[][];
  } catch (error) {
    throw new DataError(`not a readable CSV file (${(error as Error).message})`);
  }
  const [header, ...body] = records;
  if (!header) throw new DataError('the file is empty');
  const names = header.map((h) => h.trim().toLowerCase());
  const rows = body.map((cells, i) => {
    if (cells.length > names.length) throw new DataError(`${cells.length} cells but the header has ${names.length} columns`, i + 2);
    return Object.fromEntries(names.map((n, j) => [n, (cells[j] ?? '').trim()]));
  });
  return {header: names, rows};
}

function number(row: RawRow, column: string, line: number): number {
  const text = row[column] ?? '';
  if (text === '') throw new DataError('is empty; a number is needed', line, column);
  const value = Number(text);
  if (!Number.isFinite(value)) throw new DataError(`"${text}" is not a number`, line, column);
  return value;
}

function count(row: RawRow, column: string, line: number, min: number): number {
  const value = number(row, column, line);
  if (!Number.isInteger(value)) throw new DataError(`${value} is not a whole number`, line, column);
  if (value < min) throw new DataError(`${value} is below ${min}`, line, column);
  return value;
}

function positive(row: RawRow, column: string, line: number): number {
  const value = number(row, column, line);
  if (value <= 0) throw new DataError(`the standard deviation must be above 0 (got ${value})`, line, column);
  return value;
}

/** Rows (with their header) to a dataset, or a DataError naming the first bad cell. */
export function toDataset(header: string[], rows: RawRow[]): Dataset {
  const has = (c: string) => header.includes(c);
  const kind = has('events_t') || has('events_c') ? 'binary' : has('mean_t') || has('mean_c') ? 'continuous' : null;
  if (kind === null) {
    throw new DataError(`the header must have the binary columns ${BINARY_COLUMNS.join(',')} or the continuous columns ${CONTINUOUS_COLUMNS.join(',')} (and optionally subgroup)`);
  }
  const required = kind === 'binary' ? BINARY_COLUMNS : CONTINUOUS_COLUMNS;
  const missing = required.filter((c) => !has(c));
  if (missing.length > 0) throw new DataError(`missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (${kind} data needs ${required.join(',')})`);
  const withSubgroup = has('subgroup');
  if (rows.length < 2) throw new DataError(`at least 2 studies are needed; the file has ${rows.length}`);
  const seen = new Set<string>();
  const common = (row: RawRow, line: number) => {
    const study = row.study ?? '';
    if (study === '') throw new DataError('the study name is empty', line, 'study');
    if (seen.has(study)) throw new DataError(`"${study}" appears twice; each study needs its own name`, line, 'study');
    seen.add(study);
    if (!withSubgroup) return {study};
    const subgroup = row.subgroup ?? '';
    if (subgroup === '') throw new DataError('the subgroup is empty (fill it in for every study, or remove the column)', line, 'subgroup');
    return {study, subgroup};
  };
  if (kind === 'binary') {
    const studies: BinaryStudy[] = rows.map((row, i) => {
      const line = i + 2;
      const base = common(row, line);
      const events_t = count(row, 'events_t', line, 0);
      const n_t = count(row, 'n_t', line, 1);
      const events_c = count(row, 'events_c', line, 0);
      const n_c = count(row, 'n_c', line, 1);
      if (events_t > n_t) throw new DataError(`${events_t} events is more than the ${n_t} participants in n_t`, line, 'events_t');
      if (events_c > n_c) throw new DataError(`${events_c} events is more than the ${n_c} participants in n_c`, line, 'events_c');
      return {...base, events_t, n_t, events_c, n_c};
    });
    return {kind, studies};
  }
  const studies: ContinuousStudy[] = rows.map((row, i) => {
    const line = i + 2;
    const base = common(row, line);
    return {
      ...base,
      mean_t: number(row, 'mean_t', line),
      sd_t: positive(row, 'sd_t', line),
      n_t: count(row, 'n_t', line, 2),
      mean_c: number(row, 'mean_c', line),
      sd_c: positive(row, 'sd_c', line),
      n_c: count(row, 'n_c', line, 2),
    };
  });
  return {kind, studies};
}

export function readDataset(text: string): Dataset {
  const {header, rows} = parseCsv(text);
  return toDataset(header, rows);
}
