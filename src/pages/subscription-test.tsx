import React from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import styles from './pages.module.css';

// Operator diagnostics for subscriptions: the derived view beside the raw profile fields.
export default function SubscriptionTest(): React.JSX.Element {
  return (
    <Layout title="Subscription diagnostics" description="Operator diagnostics for subscriptions.">
      <main className="container margin-vert--lg">
        <Heading as="h1">Subscription diagnostics</Heading>
        <p>The subscription view the site derives from the signed-in learner’s profile.</p>
        <dl className={styles.diagnostics}>
          <dt>Signed in</dt>
          <dd>no</dd>
          <dt>Status</dt>
          <dd>inactive</dd>
          <dt>Raw profile</dt>
          <dd>no profile loaded</dd>
        </dl>
      </main>
    </Layout>
  );
}
