// The components a Premium body gets at run time: those it may import (see ./bodyContract.ts), by
// import source, and the lesson components it uses without an import line. Loaded only with
// ./PremiumBody, i.e. only when a body is shown.
import type {ComponentType} from 'react';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import Admonition from '@theme/Admonition';
import Details from '@theme/Details';
import VideoEmbed from '@site/src/components/lesson/VideoEmbed';
import Download from '@site/src/components/lesson/Download';
import ForestPlot from '@site/src/components/lesson/ForestPlot';
import Diagram from '@site/src/components/lesson/Diagram';
import {Exercise, Solution} from '@site/src/components/lesson/Exercise';
import type {LessonComponentName} from '@site/src/components/lesson/lessonComponentSources';
import type {BodyImportSource} from './bodyContract';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each component has its own props; MDX passes them through
export const bodyComponents: Record<BodyImportSource, ComponentType<any>> = {
  '@theme/Tabs': Tabs,
  '@theme/TabItem': TabItem,
  '@theme/CodeBlock': CodeBlock,
  '@theme/Admonition': Admonition,
  '@theme/Details': Details,
  '@site/src/components/lesson/VideoEmbed': VideoEmbed,
};

// A body is compiled before the build adds lesson components' import lines (plugins/lesson-components),
// so it names them bare and MDX takes them from the components it is given.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export const lessonComponents: Record<LessonComponentName, ComponentType<any>> = {
  Exercise,
  Solution,
  Download,
  VideoEmbed,
  ForestPlot,
  Diagram,
};
