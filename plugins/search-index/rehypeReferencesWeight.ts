// Rehype plugin: a lesson's "References" list is indexed at a tenth of the weight of its text.
// A lesson citing the PRISMA statement five times in its references outranked the one that
// teaches the PRISMA flow diagram, and a references section was often the "best" section a result
// pointed to. The list stays searchable (an author's name still finds the lesson), just low;
// the page looks the same (only a data attribute Pagefind reads is added).
import type {Element, Root} from 'hast';

/** Pagefind's weight for a references list (body text weighs 1; Pagefind keeps it in 24ths). */
export const REFERENCES_WEIGHT = '0.1';
const REFERENCES_HEADING = /^references$/i;


function textOf(node: Element): string {
  return node.children.map((child) => (child.type === 'text' ? child.value : child.type === 'element' ? textOf(child) : '')).join('');
}

export default function rehypeReferencesWeight() {
  return (tree: Root): void => {
    let inReferences = false;
    for (const node of tree.children) {
      if (node.type !== 'element') continue;
      if (/^h[12]$/.test(node.tagName)) inReferences = node.tagName === 'h2' && REFERENCES_HEADING.test(textOf(node).trim());
      else if (inReferences) node.properties.dataPagefindWeight = REFERENCES_WEIGHT;
    }
  };
}
