// Wraps theme-classic's NotFound/Content (@theme-original/NotFound/Content: "Page Not Found").
// Reason: a certificate's verification address, `/certificates/<code>`, has no page of its own
// (codes are unbounded): hosts answer it with build/404.html (`docusaurus serve` as is, static
// hosts through the rewrite in the README). There, once hydrated, this shows the certificate
// instead of "Page Not Found"; the first render matches the 404 HTML, so hydration is clean.
// The certificate view is its own chunk: this wrapper also sits in every docs page's DocRoot
// chunk (the docs 404 fallback), where it cost each lesson visit about 3 KiB gzip.
import React from 'react';
import Content from '@theme-original/NotFound/Content';
import type ContentType from '@theme/NotFound/Content';
import type {WrapperProps} from '@docusaurus/types';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useLocation} from '@docusaurus/router';
import {codeFromLocation} from '@site/src/lib/certificates';
import LoadFailed from '@site/src/components/LoadFailed';
import {chunk, useChunk} from '@site/src/lib/chunk';

const certificatePage = chunk(() => import('@site/src/components/CertificatePage').then((module) => module.default));

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): React.JSX.Element {
  const isBrowser = useIsBrowser();
  const {pathname, search} = useLocation();
  const isCertificate = isBrowser && pathname.startsWith('/certificates/') && Boolean(codeFromLocation(pathname, search));
  const certificate = useChunk(certificatePage, isCertificate);
  const CertificatePage = certificate.value;
  if (isCertificate) {
    if (certificate.failed) return <LoadFailed what="this certificate" onRetry={certificate.retry} />;
    return CertificatePage ? <CertificatePage /> : <></>;
  }
  return <Content {...props} />;
}
