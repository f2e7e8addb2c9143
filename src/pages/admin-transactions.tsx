import React from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import AdminOnly from '@site/src/components/AdminOnly';
import AdminTransactions from '@site/src/components/AdminTransactions';

export default function AdminTransactionsPage(): React.JSX.Element {
  return (
    <Layout title="Transactions (admin)" description="All subscription payments, for administrators.">
      <main className="container margin-vert--lg">
        <Heading as="h1">Transactions</Heading>
        <AdminOnly what="This page lists every subscription payment.">
          <p>
            <Link to="/admin-certificates">Certificates</Link> (search, revoke, export)
          </p>
          <AdminTransactions />
        </AdminOnly>
      </main>
    </Layout>
  );
}
