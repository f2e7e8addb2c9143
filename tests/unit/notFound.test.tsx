// The site's own 404 (issue 27): a search box that already holds the missing address's words and
// lists results for the query asked, the modules, and a way home.
import React from 'react';
import {act, render, screen, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {CourseCatalog} from '../../src/catalog/types';
import type {SearchAnswer} from '../../src/lib/search/hits';

const catalog: CourseCatalog = {
  courses: [
    {slug: 'research-overview', title: 'Research Overview', orderIndex: 1, docId: 'modules/research-overview/index', permalink: '/docs/modules/research-overview/', lessons: []},
    {slug: 'systematic-review', title: 'Systematic Review', orderIndex: 2, docId: 'modules/systematic-review/index', permalink: '/docs/modules/systematic-review/', lessons: []},
  ],
};
vi.mock('@site/src/catalog/useCatalog', () => ({useCatalog: () => catalog}));
const searchCourse = vi.fn<(baseUrl: string, query: string) => Promise<SearchAnswer>>();
vi.mock('@site/src/lib/search/searchCourse', () => ({searchCourse: (baseUrl: string, query: string) => searchCourse(baseUrl, query)}));

const {default: NotFoundContent} = await import('../../src/theme/NotFound/Content');
const {searchWordsFromPath} = await import('../../src/components/site/NotFoundPage');

afterEach(() => searchCourse.mockReset());

describe('the 404 page', () => {
  it('offers a search box holding the words of the missing address, the modules and a way home', () => {
    window.history.replaceState(null, '', '/docs/modules/systematic-review/prisma-flow/');
    render(<NotFoundContent />);
    expect(screen.getByRole('heading', {name: 'Page Not Found'})).toBeInTheDocument();
    expect(screen.getByRole('searchbox', {name: 'Search the course'})).toHaveValue('prisma flow');
    const modules = screen.getByRole('heading', {name: 'The modules'}).nextElementSibling as HTMLElement;
    expect(within(modules).getByRole('link', {name: 'Systematic Review'})).toHaveAttribute('href', '/docs/modules/systematic-review/');
    expect(screen.getByRole('link', {name: 'Go to the home page'})).toHaveAttribute('href', '/');
    expect(searchCourse).not.toHaveBeenCalled();
  });

  it('lists the results of the query asked last, never those of an earlier one', async () => {
    window.history.replaceState(null, '', '/nowhere');
    let answerFirst: (a: SearchAnswer) => void = () => undefined;
    searchCourse.mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)));
    searchCourse.mockResolvedValueOnce({
      query: 'MeSH',
      total: 1,
      hits: [{id: '1', url: '/docs/modules/literature-review/search#mesh', title: 'Searching databases', section: 'MeSH terms', excerpt: ''}],
    });
    const user = userEvent.setup();
    render(<NotFoundContent />);
    const box = screen.getByRole('searchbox', {name: 'Search the course'});
    await user.clear(box);
    await user.type(box, 'Mellitus{Enter}');
    await user.clear(box);
    await user.type(box, 'MeSH{Enter}');
    expect(await screen.findByRole('link', {name: 'Searching databases: MeSH terms'})).toHaveAttribute('href', '/docs/modules/literature-review/search#mesh');
    await act(async () => answerFirst({query: 'Mellitus', total: 1, hits: [{id: '2', url: '/docs/x', title: 'Old answer', excerpt: ''}]}));
    expect(screen.queryByRole('link', {name: 'Old answer'})).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('1 result for “MeSH”.');
  });

  it('turns an address into search words', () => {
    expect(searchWordsFromPath('/docs/modules/data-analysis/sample_size.html')).toBe('sample size');
    expect(searchWordsFromPath('/')).toBe('');
    expect(searchWordsFromPath('/bad%E0%A4%A')).toBe('bad%E0%A4%A');
  });
});
