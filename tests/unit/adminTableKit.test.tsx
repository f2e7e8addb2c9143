// The admin tables' kit (components/admin/AdminTable) and downloadCsv, as both admin tables use them.
import React, {useState} from 'react';
import {render, screen} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {AdminFilters, AdminLoadError, FilterSelect, matchCount} from '../../src/components/admin/AdminTable';
import {downloadCsv} from '../../src/lib/download';

afterEach(() => {
  vi.restoreAllMocks();
});

function Bar({initial, onExport = () => undefined}: {initial?: string; onExport?(): void}): React.JSX.Element {
  const [q, setQ] = useState(initial);
  const [status, setStatus] = useState<string | undefined>();
  return (
    <>
      <AdminFilters
        label="Filter things"
        id="t"
        search={{label: 'Search things', placeholder: 'Name', value: q}}
        onSearch={setQ}
        filtered={Boolean(q || status)}
        onClear={() => {
          setQ(undefined);
          setStatus(undefined);
        }}
        onRefresh={() => undefined}
        onExport={onExport}
        canExport>
        <FilterSelect id="t-status" label="Status" value={status} all="All statuses" options={['on', 'off']} optionLabel={(s) => s.toUpperCase()} onChange={setStatus} />
      </AdminFilters>
      <p data-testid="applied">{`q=${q ?? ''} status=${status ?? ''}`}</p>
    </>
  );
}

describe('AdminFilters', () => {
  it('applies the typed search, trimmed, only on Search or Enter, and offers Clear filters only while a filter is set', async () => {
    const user = userEvent.setup();
    render(<Bar />);
    const form = screen.getByRole('form', {name: 'Filter things'});
    expect(screen.getByRole('button', {name: 'Clear filters'})).toBeDisabled();
    await user.type(screen.getByLabelText('Search things'), '  ada ');
    expect(screen.getByTestId('applied')).toHaveTextContent('q= status=');
    await user.click(screen.getByRole('button', {name: 'Search'}));
    expect(screen.getByTestId('applied')).toHaveTextContent('q=ada status=');
    expect(form).toContainElement(screen.getByRole('button', {name: 'Clear filters'}));
    expect(screen.getByRole('button', {name: 'Clear filters'})).toBeEnabled();
  });

  it('takes the search in force again when it changes elsewhere (Clear filters empties the box)', async () => {
    const user = userEvent.setup();
    render(<Bar initial="grace" />);
    expect(screen.getByLabelText('Search things')).toHaveValue('grace');
    await user.type(screen.getByLabelText('Search things'), 'x');
    await user.click(screen.getByRole('button', {name: 'Clear filters'}));
    expect(screen.getByLabelText('Search things')).toHaveValue('');
    expect(screen.getByTestId('applied')).toHaveTextContent('q= status=');
  });

  it('a filter list offers "all" first and each value in its words; choosing "all" clears the filter', async () => {
    const user = userEvent.setup();
    render(<Bar />);
    const select = screen.getByLabelText('Status');
    expect(Array.from((select as HTMLSelectElement).options, (o) => [o.value, o.text])).toEqual([
      ['', 'All statuses'],
      ['on', 'ON'],
      ['off', 'OFF'],
    ]);
    await user.selectOptions(select, 'off');
    expect(screen.getByTestId('applied')).toHaveTextContent('q= status=off');
    await user.selectOptions(select, '');
    expect(screen.getByTestId('applied')).toHaveTextContent('q= status=');
  });
});

describe('matchCount and AdminLoadError', () => {
  it('words the count for one and many, with or without filters', () => {
    const noun = {one: 'certificate', many: 'certificates'};
    expect(matchCount(1, noun, false)).toBe('1 certificate.');
    expect(matchCount(0, noun, false)).toBe('0 certificates.');
    expect(matchCount(1, noun, true)).toBe('1 certificate matches the filters.');
    expect(matchCount(2, noun, true)).toBe('2 certificates match the filters.');
  });

  it('says what failed to load and offers Try again', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    render(<AdminLoadError what="transactions" message="permission denied" onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the transactions: permission denied');
    await user.click(screen.getByRole('button', {name: 'Try again'}));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe('downloadCsv', () => {
  it("names the file from the parts given and today's local date, and starts the CSV with a byte-order mark", async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    downloadCsv(['certificates', undefined, 'search', false], 'a,b\n');
    const d = new Date();
    const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(names).toEqual([`certificates_search_${today}.csv`]);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    expect(new Uint8Array(await (blobs[0] as Blob).arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});
