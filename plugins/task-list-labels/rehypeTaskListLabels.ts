// Rehype plugin: a GFM task list item (`- [ ] Pooled estimate reported`) renders a bare disabled
// checkbox, which has no accessible name (axe `label`). Each checkbox is named by its item's
// text, so a screen reader says what is (or is not yet) ticked.
import type {Element, ElementContent, Root} from 'hast';

function textOf(nodes: ElementContent[]): string {
  return nodes
    .map((node) => (node.type === 'text' ? node.value : node.type === 'element' && node.tagName !== 'ul' && node.tagName !== 'ol' ? textOf(node.children) : ''))
    .join('');
}

function label(item: Element): void {
  const box = item.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'input' && child.properties.type === 'checkbox',
  );
  // A loose list puts the checkbox inside the item's first paragraph.
  const paragraph = item.children.find((child): child is Element => child.type === 'element' && child.tagName === 'p');
  const nested = paragraph?.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'input' && child.properties.type === 'checkbox',
  );
  const target = box ?? nested;
  const name = textOf(item.children).replace(/\s+/g, ' ').trim();
  if (target && name && target.properties.ariaLabel === undefined) target.properties.ariaLabel = name;
}

function walk(node: Root | Element): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    const classes = child.properties.className;
    if (child.tagName === 'li' && Array.isArray(classes) && classes.includes('task-list-item')) label(child);
    walk(child);
  }
}

export default function rehypeTaskListLabels() {
  return (tree: Root): void => walk(tree);
}
