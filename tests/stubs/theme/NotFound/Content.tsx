// Stand-in for theme-classic's NotFound/Content (what src/theme/NotFound/Content wraps).
import React from 'react';

export default function NotFoundContent(): React.JSX.Element {
  return (
    <main>
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for.</p>
    </main>
  );
}
