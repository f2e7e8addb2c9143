import React from 'react';
import Layout from '@theme/Layout';
import CertificatePage from '@site/src/components/certificates/CertificatePage';
import {SITE_TITLE} from '@site/src/config/site';

/**
 * `/certificates/?code=<code>`: public verification of a course certificate, the address every
 * certificate link uses (src/lib/certificates.ts). One static page for every code, so any host
 * answers it with HTTP 200 and this title; the code is read in the browser.
 */
export default function Certificates(): React.JSX.Element {
  return (
    <Layout title="Certificate verification" description={`Verify a ${SITE_TITLE} course certificate: who earned it, for which course, and the knowledge checks it certifies.`}>
      <CertificatePage />
    </Layout>
  );
}
