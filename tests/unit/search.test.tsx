// The search dialog over a stand-in for Pagefind: what a visitor sees while typing (also when the
// index answers an older query late), when the network drops an index file, when a search fails or
// never answers, "Show all N results", the Premium mark, and how results are shaped and ranked.
import React from 'react';
import {act, render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import type {CourseCatalog} from '../../src/catalog/types';
import {compile} from '@mdx-js/mdx';
import {findHits, isRelevant, toHit} from '../../src/lib/search/hits';
import rehypeReferencesWeight from '../../plugins/search-index/rehypeReferencesWeight';
import {createFakePagefind, type FakePagefind} from './helpers/fakePagefind';

const runtime = vi.hoisted(() => ({fake: null as FakePagefind | null}));
vi.mock('@site/src/lib/search/pagefindRuntime', () => ({
  importPagefind: async () => {
    if (!runtime.fake) throw new Error('no fake Pagefind');
    return runtime.fake.module;
  },
}));

const catalog: CourseCatalog = {
  courses: [
    {slug: 'literature-review', title: 'Literature Review', orderIndex: 1, docId: 'modules/literature-review/index', permalink: '/docs/modules/literature-review', lessons: []},
    {
      slug: 'systematic-review',
      title: 'Systematic Review',
      orderIndex: 2,
      docId: 'modules/systematic-review/index',
      permalink: '/docs/modules/systematic-review',
      lessons: [
        {slug: 'screening', title: 'Screening Titles and Abstracts', orderIndex: 1, isPremium: false, docId: 'modules/systematic-review/screening', permalink: '/docs/modules/systematic-review/screening', wordCount: 900},
        {slug: 'meta-analysis', title: 'Meta-Analysis', orderIndex: 2, isPremium: true, docId: 'modules/systematic-review/meta-analysis', permalink: '/docs/modules/systematic-review/meta-analysis', wordCount: 2400},
      ],
    },
  ],
};
vi.mock('@site/src/catalog/useCatalog', () => ({useCatalog: () => catalog}));

const PAGES = [
  {
    id: 'question',
    url: '/docs/modules/literature-review/research-question',
    title: 'Formulating a Research Question',
    module: 'Literature Review',
    text: 'Frame the question with PICO: population, intervention, comparison, outcome.',
    section: {title: 'The PICO framework', anchor: 'the-pico-framework'},
  },
  {
    id: 'screening',
    url: '/docs/modules/systematic-review/screening',
    title: 'Screening Titles and Abstracts',
    module: 'Systematic Review',
    text: 'Report agreement between screeners as Cohen’s kappa.',
  },
  {
    // The built site's URLs end in a slash; the catalog's permalinks do not.
    id: 'meta',
    url: '/docs/modules/systematic-review/meta-analysis/',
    title: 'Meta-Analysis',
    module: 'Systematic Review',
    text: 'Pool the studies and read the forest plot.',
  },
  {
    id: 'kaplan',
    url: '/docs/modules/data-analysis/survival',
    title: 'Survival Analysis',
    module: 'Data Analysis',
    text: 'Kaplan–Meier curves estimate survival over time.',
  },
];

let fake: FakePagefind;

async function openDialog() {
  // A fresh module graph per test: the dialog's index must not carry over from another test.
  vi.resetModules();
  const {default: SearchDialog} = await import('../../src/components/search/SearchDialog');
  const onClose = vi.fn();
  render(<SearchDialog onClose={onClose} />);
  const dialog = screen.getByRole('dialog', {name: 'Search the course'});
  return {dialog, box: within(dialog).getByRole('combobox', {name: 'Search the course'}), onClose};
}

beforeEach(() => {
  Element.prototype.scrollIntoView = () => undefined; // jsdom lays nothing out
  fake = createFakePagefind(PAGES);
  runtime.fake = fake;
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  vi.useRealTimers();
});

// Lets every answer already handed back run through to the screen (promise callbacks run before
// the next task), so a test can assert what a late answer did not change.
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

describe('SearchDialog', () => {
  it('lists matching lessons with their section and highlighted words; Enter opens the chosen one', async () => {
    const user = userEvent.setup();
    const {dialog, box, onClose} = await openDialog();
    await user.type(box, 'ka');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('2 results.'));
    const options = within(dialog).getAllByRole('option');
    expect(options.map((o) => o.querySelector('span')?.textContent)).toEqual(['Screening Titles and Abstracts', 'Survival Analysis']);
    expect(options[0]?.querySelector('mark')?.textContent).toBe('kappa');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalled();
    expect(window.location.pathname).toBe('/docs/modules/data-analysis/survival');
  });

  it('names the section that matched and links to it', async () => {
    const user = userEvent.setup();
    const {dialog, box} = await openDialog();
    await user.type(box, 'PICO');
    const option = await within(dialog).findByRole('option');
    expect(option).toHaveTextContent('Formulating a Research Question › The PICO framework');
    await user.keyboard('{Enter}');
    expect(window.location.pathname + window.location.hash).toBe('/docs/modules/literature-review/research-question#the-pico-framework');
  });

  it('while a newer query runs, the status says so and Enter does not open an older result', async () => {
    const user = userEvent.setup();
    const {dialog, box, onClose} = await openDialog();
    await user.type(box, 'ka');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('2 results.'));
    let release = () => undefined as void;
    fake.faults.push({hold: new Promise<void>((resolve) => (release = resolve))});
    await user.type(box, 'ppa');
    await waitFor(() => expect(fake.searches.at(-1)).toBe('kappa'));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Searching…');
    expect(within(dialog).getByRole('listbox')).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getAllByRole('option')).toHaveLength(2); // the older results stay, no flicker
    await user.keyboard('{Enter}');
    expect(onClose).not.toHaveBeenCalled();
    act(() => release());
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('1 result.'));
    expect(within(dialog).getByRole('listbox')).toHaveAttribute('aria-busy', 'false');
  });

  it('an index file the network dropped does not read as "no results"', async () => {
    const user = userEvent.setup();
    fake.faults.push('drop');
    const {dialog, box} = await openDialog();
    await user.type(box, 'PICO');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('1 result.'));
    expect(within(dialog).getByRole('option')).toHaveTextContent('Formulating a Research Question');
    expect(fake.searches).toEqual(['PICO', 'PICO']);
  });

  it('a failed search is tried again on a fresh index', async () => {
    const user = userEvent.setup();
    fake.faults.push('reject');
    const {dialog, box} = await openDialog();
    await user.type(box, 'kappa');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('1 result.'));
    expect(fake.created).toBe(2);
    expect(fake.destroyed).toBe(1);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('a search that fails twice says so, and Retry searches again', async () => {
    const user = userEvent.setup();
    fake.faults.push('reject', 'reject');
    const {dialog, box} = await openDialog();
    await user.type(box, 'kappa');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Search is not available right now. Check your connection and try again.');
    expect(within(dialog).queryAllByRole('option')).toHaveLength(0);
    await user.click(within(alert).getByRole('button', {name: 'Retry'}));
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('1 result.'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(box).toHaveFocus();
  });

  it('a search that never answers gives up after 10 s, and Retry starts on a fresh index', async () => {
    vi.useFakeTimers({shouldAdvanceTime: true});
    const user = userEvent.setup({advanceTimers: (ms) => vi.advanceTimersByTime(ms)});
    fake.faults.push('hang');
    const {dialog, box} = await openDialog();
    await user.type(box, 'kappa');
    await waitFor(() => expect(fake.searches).toEqual(['kappa']));
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Searching…');
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Search is not available right now.');
    expect(fake.destroyed).toBe(1);
    await user.click(within(alert).getByRole('button', {name: 'Retry'}));
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('1 result.'));
    expect(fake.created).toBe(2);
  });

  it('an answer to an earlier query that arrives late is dropped: the list belongs to the query in the box', async () => {
    const user = userEvent.setup();
    const {dialog, box} = await openDialog();
    let release = () => undefined as void;
    fake.faults.push({hold: new Promise<void>((resolve) => (release = resolve))}); // a slow index for "ka"
    await user.type(box, 'ka');
    await waitFor(() => expect(fake.searches).toEqual(['ka']));
    await user.type(box, 'ppa');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('1 result.'));
    const list = within(dialog).getByRole('listbox');
    expect(list).toHaveAttribute('data-query', 'kappa');
    act(() => release());
    await waitFor(() => expect(fake.answered).toEqual(['kappa', 'ka']));
    await settle();
    expect(list).toHaveAttribute('data-query', 'kappa');
    expect(within(dialog).getByRole('status')).toHaveTextContent('1 result.');
    expect(within(dialog).getAllByRole('option').map((o) => o.querySelector('span')?.textContent)).toEqual(['Screening Titles and Abstracts']);
  });

  it('lists the best 8 and "Show all N results" lists the rest, keeping the keyboard in the box', async () => {
    fake = createFakePagefind(
      Array.from({length: 11}, (_, i) => ({id: `t${i}`, url: `/docs/trial-${i}`, title: `Trial lesson ${i + 1}`, module: 'Systematic Review', text: `Randomised trial number ${i + 1}.`})),
    );
    runtime.fake = fake;
    const user = userEvent.setup();
    const {dialog, box} = await openDialog();
    await user.type(box, 'trial');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('11 results, the best 8 listed.'));
    expect(within(dialog).getAllByRole('option')).toHaveLength(8);
    await user.click(within(dialog).getByRole('button', {name: 'Show all 11 results'}));
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(11));
    expect(within(dialog).getByRole('status')).toHaveTextContent('11 results. Use the arrow keys');
    expect(within(dialog).queryByRole('button', {name: /Show all/})).toBeNull();
    expect(box).toHaveFocus();
    // A new query starts again from the best 8.
    await user.clear(box);
    await user.type(box, 'randomised');
    await waitFor(() => expect(within(dialog).getByRole('listbox')).toHaveAttribute('data-query', 'randomised'));
    expect(within(dialog).getAllByRole('option')).toHaveLength(8);
  });

  it('marks a result from a Premium lesson, by the catalog', async () => {
    const user = userEvent.setup();
    const {dialog, box} = await openDialog();
    await user.type(box, 'the');
    await waitFor(() => expect(within(dialog).getByRole('listbox')).toHaveAttribute('data-query', 'the'));
    const meta = within(dialog).getByRole('option', {name: /^Meta-Analysis/});
    expect(within(meta).getByText('Premium')).toBeVisible();
    const free = within(dialog).getByRole('option', {name: /^Formulating a Research Question/});
    expect(within(free).queryByText('Premium')).toBeNull();
  });

  it('with no results it says so for the query in the box and suggests the modules', async () => {
    const user = userEvent.setup();
    const {dialog, box} = await openDialog();
    await user.type(box, 'zzqxjv');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('No results for “zzqxjv”.'));
    const modules = within(dialog).getByRole('navigation', {name: 'Modules'});
    expect(within(modules).getAllByRole('link').map((a) => a.textContent)).toEqual(['Literature Review', 'Systematic Review']);
    expect(within(dialog).getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('search results', () => {
  it('a result counts only when a highlighted word shares three letters with the query', () => {
    const hit = (excerpt: string) => ({id: 'x', url: '/x', title: 'X', excerpt});
    expect(isRelevant(hit('the <mark>zeta</mark> value'), 'zzqxjv')).toBe(false);
    expect(isRelevant(hit('Cohen’s <mark>kappa</mark>'), 'kap')).toBe(true);
    expect(isRelevant(hit('<mark>I²</mark> measures'), 'I²')).toBe(true);
    expect(isRelevant(hit('<mark>Plots</mark> of effects'), 'forest plots')).toBe(true);
    expect(isRelevant(hit('no highlight'), 'kappa')).toBe(false);
  });

  it('a result shows the section that matched most, without the heading anchor’s zero-width space', () => {
    const section = (title: string, anchor: string, locations: number[]) => ({title, url: `/a#${anchor}`, excerpt: anchor, locations});
    const shaped = toHit('a', {
      url: '/a',
      excerpt: 'page',
      meta: {title: 'Meta-Analysis\u200b', module: 'Systematic Review'},
      sub_results: [section('Meta-Analysis', '', [1]), section('Heterogeneity\u200b', 'heterogeneity', [1, 2, 3]), section('Forest plots', 'forest-plots', [4])],
    });
    expect(shaped).toEqual({id: 'a', url: '/a#heterogeneity', title: 'Meta-Analysis', module: 'Systematic Review', section: 'Heterogeneity', excerpt: 'heterogeneity'});
  });

  it('the section that teaches the term beats a references list that names it more often', () => {
    const at = (weight: number, n: number) => Array.from({length: n}, (_, i) => ({weight, balanced_score: 512 * weight, location: i}));
    const shaped = toHit('s', {
      url: '/s',
      excerpt: 'page',
      meta: {title: 'Searching Articles'},
      sub_results: [
        {title: 'The PRISMA flow diagram', url: '/s#flow', excerpt: 'flow', locations: [1, 2], weighted_locations: at(1, 2)},
        {title: 'References', url: '/s#references', excerpt: 'refs', locations: [3, 4, 5, 6, 7], weighted_locations: at(0.1, 5)},
      ],
    });
    expect(shaped.section).toBe('The PRISMA flow diagram');
  });

  it('counts every result of a query, and none when Pagefind fell back to a shorter prefix', async () => {
    const page = (id: string, text: string) => ({id, url: `/${id}`, title: id, module: 'M', text});
    const index = createFakePagefind([page('a', 'zeta one'), page('b', 'zeta two'), page('c', 'kappa zeta')]).module.createInstance({baseUrl: '/', excerptLength: 22, noWorker: true});
    expect(await findHits(index, 'zeta', 2)).toMatchObject({query: 'zeta', total: 3, hits: [{id: 'a'}, {id: 'b'}]});
    // Pagefind answers "zzqxjv", a word no page starts with, with every page holding a "z…" word.
    const fallback = {
      ...index,
      search: async () => ({results: ['a', 'b', 'c'].map((id) => ({id, data: async () => ({url: `/${id}`, excerpt: 'the <mark>zeta</mark> value', meta: {title: id}})}))}),
    };
    expect(await findHits(fallback, 'zzqxjv', 2)).toEqual({query: 'zzqxjv', hits: [], total: 0});
  });
});

describe('search ranking', () => {
  it('a lesson’s references list is indexed at a low weight, the rest of the page as usual', async () => {
    const source = ['# Searching', '', 'Report the flow in a PRISMA diagram.', '', '## References', '', '- Page MJ. The PRISMA 2020 statement.', '', 'See also the PRISMA website.', '', '## Exercise', '', '- Draw the PRISMA flow.'].join('\n');
    const code = String(await compile(source, {rehypePlugins: [rehypeReferencesWeight]}));
    const weighted = [...code.matchAll(/_components\.(\w+), \{\s*"data-pagefind-weight": "([\d.]+)"/g)].map((m) => [m[1], m[2]]);
    expect(weighted).toEqual([
      ['ul', '0.1'],
      ['p', '0.1'],
    ]);
  });
});
