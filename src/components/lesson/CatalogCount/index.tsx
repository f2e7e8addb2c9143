// A count from the course catalog, written into a docs page at build time:
// <CatalogCount of="lessons" course="systematic-review" />, <CatalogCount of="premium" />.
// Pages import it explicitly (it is not a lesson component: only landing pages use it).
import React from 'react';
import {useCatalog} from '@site/src/catalog/useCatalog';
import {catalogCount, type CatalogCountKind} from '@site/src/catalog/counts';

interface CatalogCountProps {
  of: CatalogCountKind;
  /** Course slug (folder under docs/modules); all courses when left out. */
  course?: string;
}

export default function CatalogCount({of, course}: CatalogCountProps): React.JSX.Element {
  return <>{catalogCount(useCatalog(), of, course)}</>;
}
