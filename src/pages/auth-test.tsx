import React from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import styles from './pages.module.css';

// Operator diagnostics for the account system; no tokens or keys are ever shown here.
export default function AuthTest(): React.JSX.Element {
  return (
    <Layout title="Auth diagnostics" description="Operator diagnostics for the account system.">
      <main className="container margin-vert--lg">
        <Heading as="h1">Auth diagnostics</Heading>
        <p>What this browser knows about the current visitor’s account session.</p>
        <dl className={styles.diagnostics}>
          <dt>State</dt>
          <dd>signed out</dd>
          <dt>User id</dt>
          <dd>—</dd>
          <dt>E-mail</dt>
          <dd>—</dd>
          <dt>Session expires</dt>
          <dd>—</dd>
          <dt>Assurance level</dt>
          <dd>—</dd>
          <dt>Last auth event</dt>
          <dd>none</dd>
        </dl>
      </main>
    </Layout>
  );
}
