import React, {useRef, useState, type FormEvent} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useLocation} from '@docusaurus/router';
import {useCatalog} from '@site/src/catalog/useCatalog';
import {searchCourse} from '@site/src/lib/search/searchCourse';
import type {SearchAnswer} from '@site/src/lib/search/hits';
import styles from './styles.module.css';

/**
 * Words to search for from a missing address: its last part, dashes as spaces
 * ("/docs/modules/systematic-review/prisma-flow/" → "prisma flow"), so a mistyped or moved
 * lesson's address already holds the search that finds it.
 */
export function searchWordsFromPath(pathname: string): string {
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  let text = last;
  try {
    text = decodeURIComponent(last);
  } catch {
    // A malformed escape: search for the raw text.
  }
  return text
    .replace(/\.(html?|mdx?)$/i, '')
    .replace(/[-_+.]+/g, ' ')
    .trim();
}

type Found = {status: 'idle'} | {status: 'searching'; query: string} | {status: 'done'; answer: SearchAnswer} | {status: 'failed'; query: string};

/**
 * The site's own 404: a search box over the course's offline index (the same searchCourse the
 * search dialog runs), the modules, and a way home. Results show only for the query last asked.
 */
export default function NotFoundPage(): React.JSX.Element {
  const {siteConfig} = useDocusaurusContext();
  const {pathname} = useLocation();
  const {courses} = useCatalog();
  const [query, setQuery] = useState(() => searchWordsFromPath(pathname));
  const [found, setFound] = useState<Found>({status: 'idle'});
  const latest = useRef(0);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    const run = ++latest.current;
    if (text === '') {
      setFound({status: 'idle'});
      return;
    }
    setFound({status: 'searching', query: text});
    searchCourse(siteConfig.baseUrl, text).then(
      (answer) => {
        if (run === latest.current) setFound({status: 'done', answer});
      },
      () => {
        if (run === latest.current) setFound({status: 'failed', query: text});
      },
    );
  };

  return (
    <main className="container margin-vert--xl">
      <div className={styles.page}>
        <Heading as="h1">Page Not Found</Heading>
        <p>There is no page at this address. It may have moved: search the course, or pick a module below.</p>
        <form role="search" aria-label="Search the course" className={styles.search} onSubmit={onSubmit}>
          <label htmlFor="not-found-search" className={styles.label}>
            Search the course
          </label>
          <div className={styles.row}>
            <input
              id="not-found-search"
              type="search"
              className={styles.input}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              autoComplete="off"
            />
            <button type="submit" className="button button--primary">
              Search
            </button>
          </div>
        </form>
        <div role="status" className={styles.status}>
          {found.status === 'searching' && `Searching for “${found.query}”…`}
          {found.status === 'failed' && `The search did not answer. Try again, or pick a module below.`}
          {found.status === 'done' &&
            (found.answer.total === 0
              ? `No results for “${found.answer.query}”.`
              : `${found.answer.total} result${found.answer.total === 1 ? '' : 's'} for “${found.answer.query}”.`)}
        </div>
        {found.status === 'done' && found.answer.hits.length > 0 && (
          <ul className={styles.results} data-query={found.answer.query}>
            {found.answer.hits.map((hit) => (
              <li key={hit.id}>
                <Link to={hit.url}>{hit.section ? `${hit.title}: ${hit.section}` : hit.title}</Link>
                {hit.module && <span className={styles.muted}> · {hit.module}</span>}
              </li>
            ))}
          </ul>
        )}
        <Heading as="h2" className={styles.sub}>
          The modules
        </Heading>
        <ol className={styles.modules}>
          {courses.map((course) => (
            <li key={course.slug}>
              <Link to={course.permalink}>{course.title}</Link>
            </li>
          ))}
        </ol>
        <p className={styles.home}>
          <Link className="button button--secondary" to="/">
            Go to the home page
          </Link>{' '}
          <Link className="button button--link" to="/modules">
            All modules with your progress
          </Link>
        </p>
      </div>
    </main>
  );
}
