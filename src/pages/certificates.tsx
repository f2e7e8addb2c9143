import React from 'react';
import Layout from '@theme/Layout';
import CertificatePage from '@site/src/components/CertificatePage';

/** `/certificates?code=<code>`: public verification of a course certificate. */
export default function Certificates(): React.JSX.Element {
  return (
    <Layout title="Certificate" description="Verify a Research Methods Academy course certificate.">
      <CertificatePage />
    </Layout>
  );
}
