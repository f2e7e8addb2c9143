// The public certificate page, `/certificates/<code>` (and `/certificates?code=<code>`), routed by
// plugins/certificates. The code is read from the address only after hydration, so the HTML the
// build wrote for `/certificates` hydrates the same for every code.
import React from 'react';
import Layout from '@theme/Layout';
import BrowserOnly from '@docusaurus/BrowserOnly';
import {useLocation} from '@docusaurus/router';
import {codeFromLocation} from '@site/src/lib/certificates';
import CertificateView from './CertificateView';
import styles from './styles.module.css';

export function CertificateMain(): React.JSX.Element {
  const location = useLocation();
  return (
    <main className={styles.main}>
      <BrowserOnly fallback={<p>Checking the certificate…</p>}>
        {() => {
          const code = codeFromLocation(location.pathname, location.search);
          return code ? (
            <CertificateView code={code} />
          ) : (
            <div className={styles.missing}>
              <h1>Verify a certificate</h1>
              <p>Open the verification link printed on the certificate, of the form /certificates/&lt;certificate ID&gt;.</p>
            </div>
          );
        }}
      </BrowserOnly>
    </main>
  );
}

export default function CertificatePage(): React.JSX.Element {
  return (
    <Layout title="Certificate" description="Verify a Research Methods Academy course certificate.">
      <CertificateMain />
    </Layout>
  );
}
