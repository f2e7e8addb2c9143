import {useCallback, useEffect, useState} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';

/**
 * A table's filters kept in the page's query string: read from it at first and whenever it
 * changes (Back, Forward, a pasted link); each change is pushed as a new history entry, so reload
 * and Back show the same rows again. The state is also kept here, so the table follows a change
 * at once instead of waiting for the router to announce it.
 */
export function useUrlFilters<F>(parse: (search: string) => F, toQuery: (filters: F) => string): [F, (next: F) => void] {
  const location = useLocation();
  const history = useHistory();
  const [filters, setFilters] = useState(() => parse(location.search));
  useEffect(() => {
    setFilters((current) => {
      const fromUrl = parse(location.search);
      return toQuery(fromUrl) === toQuery(current) ? current : fromUrl;
    });
  }, [location.search, parse, toQuery]);
  const update = useCallback(
    (next: F) => {
      setFilters(next);
      history.push(`${location.pathname}${toQuery(next)}`);
    },
    [history, location.pathname, toQuery],
  );
  return [filters, update];
}
