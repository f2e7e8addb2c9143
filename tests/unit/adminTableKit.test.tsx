// The admin tables' kit (components/admin/AdminTable) and downloadCsv, as both admin tables use them.
import React, {useState} from 'react';
import {render, screen} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {AdminFilters, AdminLoadError, FilterSelect, exportOutcome, matchCount, type ExportOutcome} from '../../src/components/admin/AdminTable';
import {fetchEveryMatch, type Range} from '../../src/lib/adminTables';
import {downloadCsv} from '../../src/lib/download';

afterEach(() => {
  vi.restoreAllMocks();
});

const exportedNothing = (): Promise<ExportOutcome> => Promise.resolve({kind: 'success', text: 'Saved 0 things as CSV.'});

function Bar({initial, onExport = exportedNothing}: {initial?: string; onExport?(): Promise<ExportOutcome>}): React.JSX.Element {
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

describe('Export CSV', () => {
  it('is busy while the export reads, then says what it saved, or why it saved nothing', async () => {
    const user = userEvent.setup();
    let finish!: (outcome: ExportOutcome) => void;
    const onExport = vi.fn(() => new Promise<ExportOutcome>((resolve) => (finish = resolve)));
    render(<Bar onExport={onExport} />);
    await user.click(screen.getByRole('button', {name: 'Export CSV'}));
    expect(screen.getByRole('button', {name: 'Exporting…'})).toBeDisabled();
    finish(exportOutcome(120, 120, {one: 'thing', many: 'things'}));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved 120 things as CSV.');
    expect(screen.getByRole('button', {name: 'Export CSV'})).toBeEnabled();

    await user.click(screen.getByRole('button', {name: 'Export CSV'}));
    expect(screen.queryByRole('status')).toBeNull();
    finish({kind: 'error', text: 'Could not export the things: permission denied'});
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not export the things: permission denied');
    expect(onExport).toHaveBeenCalledTimes(2);
  });

  it('says when the limit cut the export short', () => {
    expect(exportOutcome(10_000, 12_345, {one: 'thing', many: 'things'})).toEqual({
      kind: 'info',
      text: 'The CSV holds the newest 10000 of 12345 things; narrow the filters for the rest.',
    });
    expect(exportOutcome(1, 1, {one: 'thing', many: 'things'}).text).toBe('Saved 1 thing as CSV.');
  });
});

describe('fetchEveryMatch', () => {
  /** A server holding `total` rows (0, 1, 2, …), answering at most 200 per call as the admin functions do. */
  const server = (total: number, failAt?: number) => {
    const asked: Range[] = [];
    const fetchRange = (range: Range) => {
      asked.push(range);
      if (range.offset === failAt) return Promise.resolve({data: null, error: 'permission denied'} as const);
      const rows = Array.from({length: Math.max(0, Math.min(range.limit, 200, total - range.offset))}, (_, i) => range.offset + i);
      return Promise.resolve({data: {rows, summary: {count: total}}, error: null} as const);
    };
    return {asked, fetchRange};
  };

  it('reads every match in batches of 200, in order, and stops at the last', async () => {
    const {asked, fetchRange} = server(450);
    const every = await fetchEveryMatch(fetchRange);
    expect(every.data?.count).toBe(450);
    expect(every.data?.rows).toEqual(Array.from({length: 450}, (_, i) => i));
    expect(asked).toEqual([
      {limit: 200, offset: 0},
      {limit: 200, offset: 200},
      {limit: 200, offset: 400},
    ]);
  });

  it('asks once when nothing or exactly one batch matches', async () => {
    const none = server(0);
    expect((await fetchEveryMatch(none.fetchRange)).data).toEqual({rows: [], count: 0});
    expect(none.asked).toHaveLength(1);
    const one = server(200);
    expect((await fetchEveryMatch(one.fetchRange)).data?.rows).toHaveLength(200);
    expect(one.asked).toHaveLength(1);
  });

  it('stops at the limit and reports how many match', async () => {
    const {asked, fetchRange} = server(1_000);
    const every = await fetchEveryMatch(fetchRange, 450);
    expect(every.data?.rows).toHaveLength(450);
    expect(every.data?.count).toBe(1_000);
    expect(asked.at(-1)).toEqual({limit: 50, offset: 400});
  });

  it('answers the first failed batch, not a partial CSV', async () => {
    const {fetchRange} = server(450, 200);
    expect(await fetchEveryMatch(fetchRange)).toEqual({data: null, error: 'permission denied'});
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
