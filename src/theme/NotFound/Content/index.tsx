// Wraps theme-classic's NotFound/Content (@theme-original/NotFound/Content: "Page Not Found").
// Reason: a host without the `/certificates/*` rewrite (e.g. `docusaurus serve`) answers a
// certificate's verification address with build/404.html; there, after hydration, this shows
// the certificate instead of "Page Not Found" (see plugins/certificates).
import React from 'react';
import Content from '@theme-original/NotFound/Content';
import type ContentType from '@theme/NotFound/Content';
import type {WrapperProps} from '@docusaurus/types';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useLocation} from '@docusaurus/router';
import {codeFromLocation} from '@site/src/lib/certificates';
import {CertificateMain} from '@site/src/components/CertificatePage';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): React.JSX.Element {
  const isBrowser = useIsBrowser();
  const {pathname, search} = useLocation();
  if (isBrowser && pathname.startsWith('/certificates/') && codeFromLocation(pathname, search)) return <CertificateMain />;
  return <Content {...props} />;
}
