import React, {type ReactNode} from 'react';
import dataTable from '@site/src/css/dataTable.module.css';

export interface DataTableColumn {
  label: string;
  /** Right-aligned figures (amounts), with dataTable.num on the body's cells to match. */
  numeric?: boolean;
}

export interface DataTableProps {
  /** Said to screen readers only: what the rows are and in which order. */
  caption?: string;
  columns: (string | DataTableColumn | false)[];
  /** A last column of row buttons, its header "Actions" for screen readers only. */
  actions?: boolean;
  /** The rows. */
  children: ReactNode;
}

/** The site's data tables (payments, subscriptions, certificates): column headers, rows, a box that scrolls sideways on a narrow screen. */
export default function DataTable({caption, columns, actions = false, children}: DataTableProps): React.JSX.Element {
  return (
    <div className={dataTable.scroll}>
      <table className={dataTable.table}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => {
              if (column === false) return null;
              const {label, numeric} = typeof column === 'string' ? {label: column, numeric: false} : column;
              return (
                <th key={label} scope="col" className={numeric ? dataTable.num : undefined}>
                  {label}
                </th>
              );
            })}
            {actions && (
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
