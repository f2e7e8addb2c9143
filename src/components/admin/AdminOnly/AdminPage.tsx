import React from 'react';
import Page, {type PageProps} from '@site/src/components/site/Page';
import AdminOnly from '@site/src/components/admin/AdminOnly';

export type AdminPageProps = PageProps & {
  /** What the page shows an administrator, said to anyone else (see AdminOnly). */
  what: string;
};

/** A page for administrators: its heading for everyone, the rest only for an administrator. */
export default function AdminPage({what, children, ...page}: AdminPageProps): React.JSX.Element {
  return (
    <Page {...page}>
      <AdminOnly what={what}>{children}</AdminOnly>
    </Page>
  );
}
