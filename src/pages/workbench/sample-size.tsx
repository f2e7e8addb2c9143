// /workbench/sample-size: the sample-size calculator of the workbench family.
import React from 'react';
import Page from '@site/src/components/site/Page';
import Link from '@docusaurus/Link';
import SampleSizeCalculator from '@site/src/components/workbench/SampleSizeCalculator';

export default function SampleSizePage(): React.JSX.Element {
  return (
    <Page title="Sample size calculator" description="Sample size for two proportions or two means, matching R's power.prop.test and power.t.test, with dropout inflation.">
      <p>
        Participants per group for a two-arm trial with a two-sided test, computed as R&apos;s <code>power.prop.test</code> and <code>power.t.test</code> compute
        it, then divided by (1 − dropout) and rounded up, as the <Link to="/docs/modules/data-analysis/sample-size">sample-size lesson</Link> teaches. See also
        the <Link to="/workbench">meta-analysis workbench</Link>.
      </p>
      <SampleSizeCalculator />
    </Page>
  );
}
