// Minimal @docusaurus/BrowserOnly for unit tests: jsdom is a browser, so the children render.
import React, {type ReactNode} from 'react';

export default function BrowserOnly({children}: {children: () => ReactNode; fallback?: ReactNode}): React.JSX.Element {
  return <>{children()}</>;
}
