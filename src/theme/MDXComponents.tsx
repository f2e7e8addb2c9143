// Wraps @theme-original/MDXComponents (theme-classic) to make our lesson components usable
// in every MDX page without an import line in each lesson.
import MDXComponents from '@theme-original/MDXComponents';
import VideoEmbed from '@site/src/components/VideoEmbed';
import Download from '@site/src/components/Download';
import {Exercise, Solution} from '@site/src/components/Exercise';
import Diagram from '@site/src/components/Diagram';
import ForestPlot from '@site/src/components/ForestPlot';

export default {
  ...MDXComponents,
  VideoEmbed,
  Download,
  Exercise,
  Solution,
  Diagram,
  ForestPlot,
};
