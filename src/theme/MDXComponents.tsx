// Wraps @theme-original/MDXComponents (theme-classic) with <Diagram>, which every ```mermaid block
// becomes at build time (plugins/diagrams), so no lesson needs an import line for it. The other
// lesson components are imported only by the pages that use them (see
// src/components/lessonComponentSources.ts): whatever is registered here is in every docs page.
import MDXComponents from '@theme-original/MDXComponents';
import Diagram from '@site/src/components/Diagram';

export default {
  ...MDXComponents,
  Diagram,
};
