// Rehype plugin: a lesson's Markdown table wider than the page scrolls sideways (Infima makes a
// table a scrolling block), and a keyboard user can scroll it only once it can take focus (WCAG
// 2.1.1; axe `scrollable-region-focusable`, seen on phones). Every Markdown table is a tab stop:
// whether it overflows depends on the screen, which the build cannot know, and deciding it in
// the browser would put code on every docs page. Tables a component draws are its own business.
import type {Root, RootContent} from 'hast';

// Into JSX elements too (a table in an <Exercise>): their children are Markdown like any other.
function walk(node: Root | RootContent): void {
  if (!('children' in node)) return;
  for (const child of node.children) {
    if (child.type === 'element' && child.tagName === 'table' && child.properties.tabIndex === undefined) child.properties.tabIndex = 0;
    walk(child);
  }
}

export default function rehypeScrollableTables() {
  return (tree: Root): void => walk(tree);
}
