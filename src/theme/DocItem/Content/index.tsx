// Wraps theme-classic's DocItem/Content to show a "Premium" badge above lessons whose front
// matter says `premium: true`. Gating itself is not done here.
import React from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import PremiumBadge from '@site/src/components/PremiumBadge';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): React.JSX.Element {
  const {frontMatter} = useDoc();
  const premium = (frontMatter as {premium?: unknown}).premium === true;
  return (
    <>
      {premium && (
        <p>
          <PremiumBadge /> <span>An advanced lesson in the Premium plan.</span>
        </p>
      )}
      <Content {...props} />
    </>
  );
}
