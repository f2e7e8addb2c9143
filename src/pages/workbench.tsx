// /workbench: run a meta-analysis in the browser on a practice dataset or your own extraction
// table. A route of its own, so the engine adds nothing to other pages' JavaScript.
import React from 'react';
import Page from '@site/src/components/site/Page';
import Link from '@docusaurus/Link';
import Workbench from '@site/src/components/workbench/Workbench';

export default function WorkbenchPage(): React.JSX.Element {
  return (
    <Page title="Meta-analysis workbench" description="Run a meta-analysis on a practice dataset or your own extraction table, with results that match R's metafor and the R script to reproduce them.">
      <p>
        Enter or paste your extraction table, or load a practice dataset, choose the effect measure and the model, and read the pooled result, heterogeneity,
        forest and funnel plots. The numbers match R&apos;s metafor package, and you can download the R script that reproduces them. Everything runs in your
        browser: your data are not sent anywhere unless you save an analysis to your account. The <Link to="/docs/modules/systematic-review/meta-analysis">meta-analysis lesson</Link> explains each step.
      </p>
      <Workbench />
    </Page>
  );
}
