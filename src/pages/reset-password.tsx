import React from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import StatusPanel from '@site/src/components/StatusPanel';

export default function ResetPassword(): React.JSX.Element {
  return (
    <Layout title="Reset password" description="Choose a new password for your account.">
      <main className="container margin-vert--lg">
        <Heading as="h1">Reset password</Heading>
        <StatusPanel
          icon="🔑"
          title="This reset link is invalid or has expired"
          actions={
            <Link className="button button--primary" to="/account">
              Request a new link
            </Link>
          }
        >
          <p>Open this page from the link in your password-reset e-mail to choose a new password.</p>
        </StatusPanel>
      </main>
    </Layout>
  );
}
