// The public certificate view for the address being shown: `/certificates?code=<code>`
// (src/pages/certificates.tsx) or `/certificates/<code>` (answered by the host's 404 page, where
// src/theme/NotFound/Content renders this). The code is read from the address only in the
// browser, so the HTML the build wrote hydrates the same for every code.
import React from 'react';
import BrowserOnly from '@docusaurus/BrowserOnly';
import {useLocation} from '@docusaurus/router';
import {codeFromLocation} from '@site/src/lib/certificates';
import CertificateView from './CertificateView';
import styles from './styles.module.css';

export default function CertificatePage(): React.JSX.Element {
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
