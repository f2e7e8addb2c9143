// The search dialog, loaded only when a visitor opens search. A combobox over a listbox (ARIA
// APG): typing searches the offline index, ↑/↓ move through the results, Enter opens one, Escape
// closes. With no results it points to the modules instead of leaving the visitor stranded.
import React, {useEffect, useId, useRef, useState} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Dialog from '@site/src/components/Dialog';
import {useCatalog} from '@site/src/catalog/useCatalog';
import {loadPagefind, searchSite, type SearchHit} from '@site/src/lib/search/pagefind';
import styles from './styles.module.css';

type Results =
  | {status: 'idle'}
  | {status: 'searching'; query: string}
  | {status: 'done'; query: string; hits: SearchHit[]}
  | {status: 'failed'; query: string};

const DEBOUNCE_MS = 120;

export default function SearchDialog({onClose}: {onClose(): void}): React.JSX.Element {
  const {siteConfig} = useDocusaurusContext();
  const history = useHistory();
  const {courses} = useCatalog();
  const ids = useId();
  const titleId = `${ids}-title`;
  const listId = `${ids}-list`;
  const optionId = (index: number) => `${ids}-option-${index}`;
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Results>({status: 'idle'});
  const [active, setActive] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const text = query.trim();
    const run = ++latest.current;
    if (text === '') {
      setResults({status: 'idle'});
      return undefined;
    }
    setResults((previous) => (previous.status === 'done' ? previous : {status: 'searching', query: text}));
    const timer = window.setTimeout(() => {
      loadPagefind(siteConfig.baseUrl)
        .then((api) => searchSite(api, text))
        .then((hits) => {
          if (run !== latest.current) return;
          setResults({status: 'done', query: text, hits});
          setActive(0);
        })
        .catch(() => {
          if (run === latest.current) setResults({status: 'failed', query: text});
        });
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query, siteConfig.baseUrl]);

  const hits = results.status === 'done' ? results.hits : [];
  const open = (hit: SearchHit | undefined) => {
    if (!hit) return;
    onClose();
    history.push(hit.url);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (hits.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % hits.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i - 1 + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(hits[active]);
    }
  };

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({block: 'nearest'});
  });

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className={styles.panel}>
      <h2 id={titleId} className={styles.title}>
        Search the course
      </h2>
      <input
        type="search"
        className={styles.input}
        placeholder="Search lessons, e.g. PICO, kappa, forest plot"
        aria-label="Search the course"
        role="combobox"
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={hits.length > 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        data-autofocus
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p role="status" className={styles.status}>
        {results.status === 'searching' && 'Searching…'}
        {results.status === 'done' && hits.length > 0 && `${hits.length} result${hits.length === 1 ? '' : 's'}. Use the arrow keys and Enter to open one.`}
        {results.status === 'done' && hits.length === 0 && `No results for “${results.query}”.`}
        {results.status === 'failed' && 'Search is not available right now. Check your connection and try again.'}
      </p>
      <ul id={listId} role="listbox" aria-label="Search results" className={styles.results}>
        {hits.map((hit, index) => (
          <li
            key={hit.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={clsx(styles.result, index === active && styles.active)}
            onMouseMove={() => setActive(index)}
            onClick={() => open(hit)}>
            <span className={styles.resultTitle}>
              {hit.title}
              {hit.section && <span className={styles.section}> › {hit.section}</span>}
            </span>
            {hit.module && <span className={styles.module}>{hit.module}</span>}
            {/* Pagefind escapes the page text and adds only <mark> around matched words. */}
            <span className={styles.excerpt} dangerouslySetInnerHTML={{__html: hit.excerpt}} />
          </li>
        ))}
      </ul>
      {results.status === 'done' && hits.length === 0 && (
        <nav aria-label="Modules" className={styles.suggestions}>
          <p>Try a different word, or browse a module:</p>
          <ul>
            {courses.map((course) => (
              <li key={course.slug}>
                <Link to={course.permalink} onClick={onClose}>
                  {course.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </Dialog>
  );
}
