// Remark plugin: every ```mermaid code block becomes <Diagram svg="…" />, rendered now, at build
// time, so no reader downloads a diagram library and search engines see the diagram's text. A
// diagram that does not parse fails the build with its file, like a broken link.
import type {Code, Parent, Root} from 'mdast';
import type {MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import type {VFile} from 'vfile';
import {renderDiagram, titleFromMeta} from './renderDiagram';

interface Found {
  node: Code;
  parent: Parent;
  index: number;
}

function findMermaid(node: Root | Parent, found: Found[] = []): Found[] {
  node.children.forEach((child, index) => {
    if (child.type === 'code' && child.lang === 'mermaid') found.push({node: child, parent: node, index});
    else if ('children' in child) findMermaid(child as Parent, found);
  });
  return found;
}

export default function remarkDiagrams() {
  return async (tree: Root, file: VFile): Promise<void> => {
    for (const {node, parent, index} of findMermaid(tree)) {
      let rendered: Awaited<ReturnType<typeof renderDiagram>>;
      try {
        rendered = await renderDiagram(node.value, titleFromMeta(node.meta));
      } catch (error) {
        const where = `${file.path}:${node.position?.start.line ?? '?'}`;
        throw new Error(`${where}: mermaid diagram does not render: ${error instanceof Error ? error.message : String(error)}`);
      }
      const element: MdxJsxFlowElement = {
        type: 'mdxJsxFlowElement',
        name: 'Diagram',
        // Its width and smallest text let the component keep the text readable in any column.
        attributes: [
          {type: 'mdxJsxAttribute', name: 'svg', value: rendered.svg},
          {type: 'mdxJsxAttribute', name: 'title', value: rendered.title},
          {type: 'mdxJsxAttribute', name: 'width', value: String(rendered.width)},
          {type: 'mdxJsxAttribute', name: 'fontSize', value: String(rendered.fontSize)},
        ],
        children: [],
      };
      parent.children[index] = element;
    }
  };
}
