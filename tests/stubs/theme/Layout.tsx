import React, {type ReactNode} from 'react';

// The real Layout adds navbar, footer and providers; tests only need the page body.
export default function Layout({children}: {title?: string; description?: string; children?: ReactNode}) {
  return <div data-testid="layout">{children}</div>;
}
