// The public certificate page, `/certificates/?code=<code>` (src/pages/certificates.tsx; the
// address is built in src/lib/certificates.ts, which says why the code is in the query). The code
// is read from the address only in the browser, so the HTML the build wrote is the same for every
// code and hydrates cleanly; without a code the page asks for one.
import React, {useId, useState} from 'react';
import BrowserOnly from '@docusaurus/BrowserOnly';
import {useHistory, useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {certificatePath, codeFromLocation} from '@site/src/lib/certificates';
import CertificateView from './CertificateView';
import styles from './styles.module.css';

function AskForCode(): React.JSX.Element {
  const history = useHistory();
  const {siteConfig} = useDocusaurusContext();
  const inputId = useId();
  const [value, setValue] = useState('');
  return (
    <div className={styles.missing}>
      <h1>Verify a certificate</h1>
      <p>Open the verification link printed on the certificate, or enter its certificate ID.</p>
      <form
        className={styles.lookup}
        onSubmit={(event) => {
          event.preventDefault();
          const code = value.trim().toLowerCase();
          if (code) history.push(siteConfig.baseUrl + certificatePath(code).slice(1));
        }}>
        <label htmlFor={inputId}>Certificate ID</label>
        <input id={inputId} name="code" required autoComplete="off" spellCheck={false} value={value} onChange={(event) => setValue(event.target.value)} />
        <button type="submit" className="button button--primary">
          Verify
        </button>
      </form>
    </div>
  );
}

export default function CertificatePage(): React.JSX.Element {
  const location = useLocation();
  return (
    <main className={styles.main}>
      <BrowserOnly fallback={<p role="status">Checking the certificate…</p>}>
        {() => {
          const code = codeFromLocation(location.pathname, location.search);
          return code ? <CertificateView code={code} /> : <AskForCode />;
        }}
      </BrowserOnly>
    </main>
  );
}
