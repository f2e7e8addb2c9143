// Replaces theme-classic's NotFound/Content (its stock "Page Not Found" text) with the site's own
// 404 (src/components/site/NotFoundPage: a search box, the modules, a way home). Before that, old
// certificate addresses: certificates used to live at `/certificates/<code>`, an address printed on earlier PNGs
// and saved on LinkedIn profiles. They now live at `/certificates/?code=<code>`
// (src/lib/certificates.ts says why). A visit from outside the site to an old address never gets
// here: 404.html sends it on before its title is even parsed (plugins/certificate-links). This
// covers the rest, a navigation inside the site and the dev server, which render this component
// in the browser: it shows "Opening certificate…" (never the not-found text, not even for one
// frame) and replaces the address with the verification page's, so Back does not return to it.
// In the static HTML (canUseDOM false) nothing changes: every other missing page stays a 404.
// Still a wrapper of the original's props type, so the theme's NotFound page passes what it did.
import React, {useEffect} from 'react';
import type ContentType from '@theme/NotFound/Content';
import type {WrapperProps} from '@docusaurus/types';
import Head from '@docusaurus/Head';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {useHistory, useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {SITE_TITLE} from '@site/src/config/site';
import {certificatePath, legacyCertificateCode} from '@site/src/lib/certificates';
import NotFoundPage from '@site/src/components/site/NotFoundPage';

type Props = WrapperProps<typeof ContentType>;

function OpeningCertificate({to}: {to: string}): React.JSX.Element {
  const history = useHistory();
  useEffect(() => {
    history.replace(to);
  }, [history, to]);
  return (
    <main className="container margin-vert--xl">
      <Head>
        <title>{`Opening certificate… | ${SITE_TITLE}`}</title>
      </Head>
      <p role="status">Opening certificate…</p>
    </main>
  );
}

export default function ContentWrapper(_props: Props): React.JSX.Element {
  const {pathname} = useLocation();
  const {siteConfig} = useDocusaurusContext();
  const code = ExecutionEnvironment.canUseDOM ? legacyCertificateCode(pathname, siteConfig.baseUrl) : null;
  return code ? <OpeningCertificate to={siteConfig.baseUrl + certificatePath(code).slice(1)} /> : <NotFoundPage />;
}
