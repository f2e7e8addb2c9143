// The search dialog, loaded only when a visitor opens search. A combobox over a listbox (ARIA
// APG): typing searches the offline index, ↑/↓ move through the results, Enter opens one, Escape
// closes. With no results it points to the modules instead of leaving the visitor stranded; a
// search that fails or takes too long says so and can be tried again.
import React, {useEffect, useId, useRef, useState} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Dialog from '@site/src/components/Dialog';
import RetryMessage from '@site/src/components/RetryMessage';
import {useCatalog} from '@site/src/catalog/useCatalog';
import type {SearchHit} from '@site/src/lib/search/hits';
import {SEARCH_DEBOUNCE_MS, searchCourse} from '@site/src/lib/search/searchCourse';
import styles from './styles.module.css';

// While a newer query runs, the last results stay on screen (no flicker between keystrokes), but
// the status speaks for the query in the box, never for an older one.
type Results =
  | {status: 'idle'}
  | {status: 'searching'; query: string; shown: SearchHit[]}
  | {status: 'done'; query: string; hits: SearchHit[]}
  | {status: 'failed'; query: string};

function onScreen(results: Results): SearchHit[] {
  if (results.status === 'done') return results.hits;
  if (results.status === 'searching') return results.shown;
  return [];
}

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
  const [retries, setRetries] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(0);

  useEffect(() => {
    const text = query.trim();
    const run = ++latest.current;
    if (text === '') {
      setResults({status: 'idle'});
      return undefined;
    }
    setResults((previous) => ({status: 'searching', query: text, shown: onScreen(previous)}));
    const timer = window.setTimeout(() => {
      searchCourse(siteConfig.baseUrl, text).then(
        (hits) => {
          if (run !== latest.current) return;
          setResults({status: 'done', query: text, hits});
          setActive(0);
        },
        () => {
          if (run === latest.current) setResults({status: 'failed', query: text});
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query, retries, siteConfig.baseUrl]);

  const shown = onScreen(results);
  // The keys act on settled results only: Enter must not open a result of an older query.
  const hits = results.status === 'done' ? results.hits : [];
  const selected = hits.length > 0 ? active : -1;
  const retry = () => {
    setRetries((n) => n + 1);
    input.current?.focus();
  };
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
        ref={input}
        aria-expanded={shown.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={selected >= 0 ? optionId(selected) : undefined}
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
      </p>
      {results.status === 'failed' && (
        <RetryMessage onRetry={retry} className={styles.failed}>
          Search is not available right now. Check your connection and try again.
        </RetryMessage>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label="Search results"
        aria-busy={results.status === 'searching'}
        className={clsx(styles.results, results.status === 'searching' && styles.stale)}>
        {shown.map((hit, index) => (
          <li
            key={hit.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === selected}
            className={clsx(styles.result, index === selected && styles.active)}
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
