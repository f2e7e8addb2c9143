// Runs a Premium body compiled by plugins/premium-lessons/compileBody.ts (MDX, outputFormat
// 'function-body') with React's JSX runtime and the theme's MDX components, so it renders exactly
// like a free lesson: highlighted code, tabs, admonitions, mermaid, heading anchors. A separate
// chunk: only readers who are shown a body download it.
import React, {useEffect, useMemo, type ComponentType} from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import MDXComponents from '@theme/MDXComponents';
import {bodyComponents, lessonComponents} from './bodyComponents';
import {BODY_FORMAT, isBodyImportSource} from './bodyContract';
import type {PremiumBodyPayload} from '@site/src/lib/premiumLessons';
import type {OutlineItem} from './index';

type MDXContent = ComponentType<{components: Record<string, unknown>}>;

/** Evaluates the function body, as @mdx-js/mdx's run() does, without bundling the compiler. */
function evaluate(body: PremiumBodyPayload): MDXContent {
  if (body.format !== BODY_FORMAT) throw new Error(`Unsupported Premium body format ${body.format}: reload the page`);
  // The code comes from our own database, written only by the service role when publishing.
  const module = new Function(body.code)(jsxRuntime) as {default: MDXContent};
  return module.default;
}

function components(imports: Record<string, string>): Record<string, unknown> {
  const supplied: Record<string, unknown> = {...MDXComponents, ...lessonComponents};
  for (const [name, source] of Object.entries(imports)) {
    if (!isBodyImportSource(source)) throw new Error(`A Premium body imports ${source}, which this site does not supply`);
    supplied[name] = bodyComponents[source];
  }
  return supplied;
}

export default function PremiumBody({body, outline}: {body: PremiumBodyPayload; outline: OutlineItem[]}): React.JSX.Element {
  const Content = useMemo(() => evaluate(body), [body]);
  const supplied = useMemo(() => components(body.imports), [body.imports]);
  // A deep link (#anchor) to a heading of the body could not scroll on load: the heading did not
  // exist yet. Now it does.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id && outline.some((item) => item.id === id)) document.getElementById(id)?.scrollIntoView();
  }, [outline]);
  return (
    <div data-premium-body="">
      <Content components={supplied} />
    </div>
  );
}
