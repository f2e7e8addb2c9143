// A link that saves a template or practice dataset from static/ instead of opening it. Without the
// `download` attribute a Markdown link to a static file opens a new tab, where .md and .svg files
// are displayed rather than saved. A lesson component (src/components/lesson/lessonComponentSources.ts), so lessons write
// <Download href="/templates/search-log.csv">search log (CSV)</Download> without an import.
import React, {type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';

interface DownloadProps {
  /** Site path of the file, e.g. /templates/search-log.csv (a file in static/). */
  href: string;
  children: ReactNode;
}

export default function Download({href, children}: DownloadProps): React.JSX.Element {
  return (
    <a href={useBaseUrl(href)} download>
      {children}
    </a>
  );
}
