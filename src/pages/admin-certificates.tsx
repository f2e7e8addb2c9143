import React from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import AdminOnly from '@site/src/components/AdminOnly';
import AdminCertificates from '@site/src/components/AdminCertificates';

/** /admin-certificates: its own page, so its search, status and page have the query string to themselves. */
export default function AdminCertificatesPage(): React.JSX.Element {
  return (
    <Layout title="Certificates (admin)" description="Every issued certificate, for administrators.">
      <main className="container margin-vert--lg">
        <Heading as="h1">Certificates</Heading>
        <AdminOnly what="This page lists every issued certificate.">
          <p>
            <Link to="/admin-transactions">Transactions</Link>
          </p>
          <AdminCertificates />
        </AdminOnly>
      </main>
    </Layout>
  );
}
