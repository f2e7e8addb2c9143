// What the build (plugins/premium-lessons/compileBody.ts) and the page (./PremiumBody.tsx) agree
// on about a compiled Premium body. No JSX and no imports: Node and the browser both load it.

/** lesson_bodies.format: MDX 3 compiled with outputFormat 'function-body'. */
export const BODY_FORMAT = 'mdx3-function-body';

// The modules a Premium lesson's body may import (`import Tabs from '@theme/Tabs'`). A body is
// compiled without its import lines; the site hands it these components at run time
// (./bodyComponents.ts). The build fails on a body that imports anything else, so adding a
// component here and there is all a writer needs. The lesson components (Exercise, Download, …:
// src/components/lesson/lessonComponentSources.ts) and ```mermaid blocks need no import at all.
export const BODY_IMPORT_SOURCES = [
  '@theme/Tabs',
  '@theme/TabItem',
  '@theme/CodeBlock',
  '@theme/Admonition',
  '@theme/Details',
  '@site/src/components/lesson/VideoEmbed',
] as const;

export type BodyImportSource = (typeof BODY_IMPORT_SOURCES)[number];

export function isBodyImportSource(source: string): source is BodyImportSource {
  return (BODY_IMPORT_SOURCES as readonly string[]).includes(source);
}
