import React from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import StatusPanel from '@site/src/components/StatusPanel';
import {SUPPORT_EMAIL} from '@site/src/config/site';

export default function Account(): React.JSX.Element {
  return (
    <Layout title="Account" description="Your account and subscription.">
      <main className="container margin-vert--lg">
        <Heading as="h1">Account</Heading>
        <StatusPanel
          icon="👤"
          title="Accounts are opening soon"
          actions={
            <>
              <Link className="button button--primary" to="/docs/intro">
                Start learning
              </Link>
              <Link className="button button--secondary" href={`mailto:${SUPPORT_EMAIL}`}>
                Contact support
              </Link>
            </>
          }
        >
          <p>
            Sign-in, sign-up and subscriptions are not available yet. Every lesson can be read without an account in
            the meantime.
          </p>
        </StatusPanel>
      </main>
    </Layout>
  );
}
