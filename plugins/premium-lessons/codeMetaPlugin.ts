// What Docusaurus' MDX pipeline does last to fenced code blocks (mdx-loader's MDX 1 compatibility
// step): the theme's CodeBlock reads the fence's meta string (`title="…"`, `showLineNumbers`, line
// ranges) from a `metastring` prop and a `live` flag, which MDX 3 no longer passes. Premium bodies
// are compiled outside that pipeline's last step, so they get the same two properties here.
import type {Root} from 'mdast';
import {visit} from 'unist-util-visit';

export default function codeMetaPlugin() {
  return (root: Root): void => {
    visit(root, 'code', (node) => {
      node.data ??= {};
      const data = node.data as {hProperties?: Record<string, unknown>};
      data.hProperties ??= {};
      data.hProperties.metastring = node.meta;
      data.hProperties.live = node.meta?.split(' ').includes('live');
    });
  };
}
