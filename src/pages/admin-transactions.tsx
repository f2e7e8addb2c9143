import React from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import StatusPanel from '@site/src/components/StatusPanel';

export default function AdminTransactions(): React.JSX.Element {
  return (
    <Layout title="Transactions (admin)" description="All subscription payments, for administrators." noFooter={false}>
      <main className="container margin-vert--lg">
        <Heading as="h1">Transactions</Heading>
        <StatusPanel
          icon="🔒"
          title="Administrators only"
          actions={
            <Link className="button button--secondary" to="/">
              Back to the home page
            </Link>
          }
        >
          <p>This page lists every subscription payment. Sign in with an administrator account to see it.</p>
        </StatusPanel>
      </main>
    </Layout>
  );
}
