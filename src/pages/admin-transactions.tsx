import React from 'react';
import Link from '@docusaurus/Link';
import AdminPage from '@site/src/components/admin/AdminOnly/AdminPage';
import AdminTransactions from '@site/src/components/admin/AdminTransactions';

export default function AdminTransactionsPage(): React.JSX.Element {
  return (
    <AdminPage title="Transactions (admin)" description="All subscription payments, for administrators." heading="Transactions" what="This page lists every subscription payment.">
      <p>
        <Link to="/admin-certificates">Certificates</Link> (search, revoke, export)
      </p>
      <AdminTransactions />
    </AdminPage>
  );
}
