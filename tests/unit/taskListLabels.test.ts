// @vitest-environment node
import {describe, expect, it} from 'vitest';
import {compile} from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import rehypeTaskListLabels from '../../plugins/task-list-labels/rehypeTaskListLabels';

async function checkboxes(markdown: string): Promise<string[]> {
  const code = String(await compile(markdown, {remarkPlugins: [remarkGfm], rehypePlugins: [rehypeTaskListLabels]}));
  return code.match(/type: "checkbox"[^}]*/g) ?? [];
}

describe('rehypeTaskListLabels', () => {
  it('names each task-list checkbox by its item text, in tight and loose lists', async () => {
    const tight = await checkboxes('- [ ] Effect **measure** pre-specified.\n- [x] Done\n');
    expect(tight).toHaveLength(2);
    expect(tight[0]).toContain('"aria-label": "Effect measure pre-specified."');
    expect(tight[1]).toContain('"aria-label": "Done"');
    const loose = await checkboxes('* [ ] first\n\n* [x] second\n');
    expect(loose.map((box) => /"aria-label": "(\w+)"/.exec(box)?.[1])).toEqual(['first', 'second']);
  });

  it('leaves a nested list out of its parent item name', async () => {
    const [parent] = await checkboxes('- [ ] Parent\n  - [ ] Child\n');
    expect(parent).toContain('"aria-label": "Parent"');
  });
});
