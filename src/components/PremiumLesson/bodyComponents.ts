// The components a Premium body may import (see ./bodyContract.ts), by import source. Loaded only
// with ./PremiumBody, i.e. only when a body is shown.
import type {ComponentType} from 'react';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import Admonition from '@theme/Admonition';
import Details from '@theme/Details';
import VideoEmbed from '@site/src/components/VideoEmbed';
import type {BodyImportSource} from './bodyContract';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each component has its own props; MDX passes them through
export const bodyComponents: Record<BodyImportSource, ComponentType<any>> = {
  '@theme/Tabs': Tabs,
  '@theme/TabItem': TabItem,
  '@theme/CodeBlock': CodeBlock,
  '@theme/Admonition': Admonition,
  '@theme/Details': Details,
  '@site/src/components/VideoEmbed': VideoEmbed,
};
