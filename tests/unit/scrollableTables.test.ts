// @vitest-environment node
import {describe, expect, it} from 'vitest';
import {compile} from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import {docsRehypePlugins} from '../../plugins/docsRemarkPlugins';

async function compiled(mdx: string): Promise<string> {
  return String(await compile(mdx, {remarkPlugins: [remarkGfm], rehypePlugins: docsRehypePlugins}));
}

describe('rehypeScrollableTables (in the docs rehype plugins, so Premium bodies get it too)', () => {
  it('makes every Markdown table a tab stop, so a keyboard can scroll one wider than the page', async () => {
    const code = await compiled(
      '| Design | Question |\n| --- | --- |\n| RCT | Does it work? |\n\n> | a |\n> | - |\n> | b |\n\n<Exercise>\n\n| in | an exercise |\n| - | - |\n| 1 | 2 |\n\n</Exercise>\n',
    );
    expect(code.match(/_components\.table, \{\s*tabIndex: "0"/g)).toHaveLength(3);
  });

  it('leaves a table a component draws (JSX) as it is', async () => {
    const code = await compiled('<table><tbody><tr><td>x</td></tr></tbody></table>\n');
    expect(code).not.toContain('tabIndex');
  });
});
