// Where a Premium lesson's public part ends. Public: everything before the first `##` heading
// after the "Learning objectives" section (title, objectives and the opening), plus the outline
// (the body's `##`/`###` heading texts and ids, which the TOC and the locked card show). The body
// is everything from that heading on. Module-level ESM (imports, and the `toc` export that
// Docusaurus appends at the end) is code, not prose: it stays with the public part.
import type {Heading, Root, RootContent} from 'mdast';
import {toString} from 'mdast-util-to-string';
import {visit} from 'unist-util-visit';

/** One heading of the body, as the TOC lists it. */
export interface OutlineItem {
  /** The anchor id Docusaurus gave the heading (explicit `{#id}` or slug). */
  id: string;
  value: string;
  level: 2 | 3;
}

export interface LessonSplit {
  /** The public part, in order, then any ESM that sat in the body. */
  publicPart: RootContent[];
  body: RootContent[];
  outline: OutlineItem[];
}

const isH2 = (node: RootContent): node is Heading => node.type === 'heading' && node.depth === 2;
const OBJECTIVES = /^learning objectives$/i;

export function splitLesson(root: Root): LessonSplit {
  const children = root.children;
  const objectives = children.findIndex((node) => isH2(node) && OBJECTIVES.test(toString(node).trim()));
  const start = children.findIndex((node, i) => i > objectives && isH2(node));
  if (start < 0) throw new Error('a Premium lesson needs a body: no `##` heading after its learning objectives');
  const rest = children.slice(start);
  const body = rest.filter((node) => node.type !== 'mdxjsEsm');
  const outline: OutlineItem[] = [];
  visit({type: 'root', children: body} as Root, 'heading', (heading: Heading) => {
    if (heading.depth !== 2 && heading.depth !== 3) return;
    const id = (heading.data as {id?: unknown} | undefined)?.id;
    if (typeof id !== 'string') throw new Error(`heading "${toString(heading)}" has no id: run after Docusaurus' headings plugin`);
    outline.push({id, value: toString(heading), level: heading.depth});
  });
  return {publicPart: [...children.slice(0, start), ...rest.filter((node) => node.type === 'mdxjsEsm')], body, outline};
}
