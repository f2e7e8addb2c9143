import React, {useState} from 'react';
import Page from '@site/src/components/site/Page';
import Head from '@docusaurus/Head';

// Test page (src/testPages: in dev and e2e builds only, noindex): proves the built-in "This page crashed."
// boundary and its "Try again" button work end to end.
function Bomb(): React.JSX.Element {
  throw new Error('Deliberate crash for the error-boundary test');
}

// The state lives below Layout's error boundary, so "Try again" remounts it un-crashed.
function CrashDemo(): React.JSX.Element {
  const [crash, setCrash] = useState(false);
  return (
    <>
      <button type="button" className="button button--danger" onClick={() => setCrash(true)}>
        Crash this page
      </button>
      {crash && <Bomb />}
    </>
  );
}

export default function CrashTest(): React.JSX.Element {
  return (
    <Page title="Crash test" description="Error boundary test page.">
      <Head>
        <meta name="robots" content="noindex" />
      </Head>
      <p>This page exists for automated tests of the error boundary.</p>
      <CrashDemo />
    </Page>
  );
}
