// DataTable is the frame of the site's data tables: headers a screen reader announces with each
// cell, an optional caption for screen readers, and an unlabelled-looking actions column that
// still has a name.
import React from 'react';
import {render, screen, within} from '@testing-library/react';
import {describe, expect, it} from 'vitest';
import DataTable from '../../src/components/site/DataTable';

describe('DataTable', () => {
  it('heads each column in order, drops a column given as false, and names the actions column for screen readers only', () => {
    render(
      <DataTable caption="Payments, newest first" columns={['Type', false, {label: 'Amount', numeric: true}]} actions>
        <tr>
          <td>Renewal</td>
          <td>49.00</td>
          <td>
            <button type="button">Cancel</button>
          </td>
        </tr>
      </DataTable>,
    );
    const table = screen.getByRole('table', {name: 'Payments, newest first'});
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Type', 'Amount', 'Actions']);
    expect(headers.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
    expect(headers[1]?.className).not.toBe('');
    expect(headers[0]).not.toHaveAttribute('class');
    expect(within(headers[2] as HTMLElement).getByText('Actions')).toHaveClass('sr-only');
    expect(within(table).getByRole('cell', {name: 'Cancel'})).toBeInTheDocument();
  });

  it('has no caption or actions column unless asked', () => {
    const {container} = render(
      <DataTable columns={['Type']}>
        <tr>
          <td>Renewal</td>
        </tr>
      </DataTable>,
    );
    expect(container.querySelector('caption')).toBeNull();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Type']);
  });
});
