import React from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import StatusPanel from '@site/src/components/StatusPanel';

export default function Progress(): React.JSX.Element {
  return (
    <Layout title="My progress" description="Your progress across every course.">
      <main className="container margin-vert--lg">
        <Heading as="h1">My progress</Heading>
        <StatusPanel
          icon="📈"
          title="Sign in to track your progress"
          actions={
            <>
              <Link className="button button--primary" to="/account">
                Sign in
              </Link>
              <Link className="button button--secondary" to="/modules">
                Browse modules
              </Link>
            </>
          }
        >
          <p>
            With an account, every lesson you open and complete is recorded, and this page shows your courses, the
            lessons you have finished and where to pick up again.
          </p>
        </StatusPanel>
      </main>
    </Layout>
  );
}
