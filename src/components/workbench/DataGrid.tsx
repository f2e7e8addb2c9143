// The extraction table: one row per study, typed into, pasted into from a spreadsheet (tab- or
// comma-separated, several rows at once) or loaded from a CSV file.
import React from 'react';
import styles from './styles.module.css';

export type Kind = 'binary' | 'continuous';
export type GridRow = Record<string, string>;

export const COLUMNS: Record<Kind, {key: string; label: string}[]> = {
  binary: [
    {key: 'study', label: 'Study'},
    {key: 'events_t', label: 'Events (treatment)'},
    {key: 'n_t', label: 'N (treatment)'},
    {key: 'events_c', label: 'Events (control)'},
    {key: 'n_c', label: 'N (control)'},
  ],
  continuous: [
    {key: 'study', label: 'Study'},
    {key: 'mean_t', label: 'Mean (treatment)'},
    {key: 'sd_t', label: 'SD (treatment)'},
    {key: 'n_t', label: 'N (treatment)'},
    {key: 'mean_c', label: 'Mean (control)'},
    {key: 'sd_c', label: 'SD (control)'},
    {key: 'n_c', label: 'N (control)'},
  ],
};

export function columnsOf(kind: Kind, withSubgroup: boolean): {key: string; label: string}[] {
  return withSubgroup ? [...COLUMNS[kind], {key: 'subgroup', label: 'Subgroup'}] : COLUMNS[kind];
}

interface Props {
  kind: Kind;
  withSubgroup: boolean;
  rows: GridRow[];
  onChange: (rows: GridRow[]) => void;
}

export default function DataGrid({kind, withSubgroup, rows, onChange}: Props): React.JSX.Element {
  const columns = columnsOf(kind, withSubgroup);
  const setCell = (r: number, key: string, value: string) => onChange(rows.map((row, i) => (i === r ? {...row, [key]: value} : row)));
  const paste = (r: number, c: number, event: React.ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!/[\t\n,]/.test(text.trim())) return;
    event.preventDefault();
    const lines = text.replace(/\r/g, '').split('\n').filter((l) => l.trim() !== '');
    const next = rows.map((row) => ({...row}));
    lines.forEach((line, i) => {
      const cells = line.includes('\t') ? line.split('\t') : line.split(',');
      const target = r + i;
      while (next.length <= target) next.push({});
      cells.forEach((cell, j) => {
        const col = columns[c + j];
        if (col) next[target]![col.key] = cell.trim();
      });
    });
    onChange(next);
  };
  return (
    <div className={styles.gridWrap}>
      <table className={styles.grid}>
        <caption className={styles.caption}>Extraction table: type, or paste rows from a spreadsheet into any cell</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
            <th scope="col">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              <td>{r + 2}</td>
              {columns.map((c, ci) => (
                <td key={c.key}>
                  <input
                    aria-label={`${c.label}, row ${r + 2}`}
                    value={row[c.key] ?? ''}
                    inputMode={c.key === 'study' || c.key === 'subgroup' ? 'text' : 'decimal'}
                    onChange={(e) => setCell(r, c.key, e.target.value)}
                    onPaste={(e) => paste(r, ci, e)}
                  />
                </td>
              ))}
              <td>
                <button type="button" className="button button--sm button--secondary" aria-label={`Remove row ${r + 2}`} onClick={() => onChange(rows.filter((_, i) => i !== r))}>
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="button button--sm button--secondary" onClick={() => onChange([...rows, {}])}>
        Add a study
      </button>
    </div>
  );
}
