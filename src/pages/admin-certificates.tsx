import React from 'react';
import Link from '@docusaurus/Link';
import AdminPage from '@site/src/components/admin/AdminOnly/AdminPage';
import AdminCertificates from '@site/src/components/admin/AdminCertificates';

/** /admin-certificates: its own page, so its search, status and page have the query string to themselves. */
export default function AdminCertificatesPage(): React.JSX.Element {
  return (
    <AdminPage title="Certificates (admin)" description="Every issued certificate, for administrators." heading="Certificates" what="This page lists every issued certificate.">
      <p>
        <Link to="/admin-transactions">Transactions</Link>
      </p>
      <AdminCertificates />
    </AdminPage>
  );
}
