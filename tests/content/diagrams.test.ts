// Every Mermaid diagram in docs/ renders at build time to an SVG a reader can use: it names
// itself and describes every connection for screen readers, and asks nothing of another host.
import {describe, expect, it} from 'vitest';
import {listDocFiles, readDoc} from './docsTree';
import {compactSvg, renderDiagram, titleFromMeta} from '../../plugins/diagrams/renderDiagram';

interface Block {
  where: string;
  source: string;
  title?: string;
}

function mermaidBlocks(): Block[] {
  return listDocFiles()
    .map(readDoc)
    .flatMap((page) =>
      [...page.body.matchAll(/^```mermaid([^\n]*)\n([\s\S]*?)^```$/gm)].map((m) => ({
        where: page.id,
        source: m[2] as string,
        title: titleFromMeta(m[1]),
      })),
    );
}

const blocks = mermaidBlocks();

it('finds the diagrams in the docs', () => {
  expect(blocks.length).toBeGreaterThan(0);
});

describe.each(blocks.map((b, i) => [`${b.where} #${i}`, b] as const))('%s', (_name, block) => {
  // The first render warms up the layout engine, which takes seconds on a loaded machine.
  it('renders an accessible, self-contained SVG', {timeout: 30_000}, async () => {
    const {svg, description} = await renderDiagram(block.source, block.title);
    expect(svg).toMatch(/^<svg [^>]*role="img"[^>]*aria-labelledby="(d[0-9a-f]{8})-title" aria-describedby="\1-desc"/);
    expect(svg).toMatch(/<title id="d[0-9a-f]{8}-title">[^<]+<\/title>/);
    // Every node's text is in the description.
    for (const match of block.source.matchAll(/\["([^"]+)"\]|\{"([^"]+)"\}/g)) {
      const label = (match[1] ?? match[2] ?? '').split(/<br\s*\/?>/)[0]?.trim() ?? '';
      expect(description).toContain(label);
    }
    const urls = [...svg.matchAll(/https?:\/\/[^\s"')]+/g)].map((m) => m[0]);
    expect(urls.filter((u) => u !== 'http://www.w3.org/2000/svg')).toEqual([]);
  });
});

it('gives two diagrams on one page different ids', async () => {
  const a = await renderDiagram('flowchart TD\n  A["One"] --> B["Two"]');
  const b = await renderDiagram('flowchart TD\n  A["Three"] --> B["Four"]');
  const ids = (svg: string) => [...svg.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
  expect(ids(a.svg).filter((id) => ids(b.svg).includes(id))).toEqual([]);
});

it('refuses a diagram it cannot read', async () => {
  await expect(renderDiagram('flowchrt TD\n  A --> B')).rejects.toThrow(/Invalid mermaid header/);
});

it('writes a compact SVG: the same picture to 1/100 px, without comments, indentation or data-* attributes', () => {
  const raw = `<svg viewBox="0 0 100.123456 50.5">
  <style>
    /* comment */
    text { fill: red; }
  </style>
  <polyline data-from="A" data-to="B" points="1.23456789,2.5 -3.14159,4" />
  <text x="10.005" y="20">Mean 0.12345</text>
</svg>`;
  expect(compactSvg(raw)).toBe(
    '<svg viewBox="0 0 100.12 50.5"><style> text{fill:red;}</style><polyline points="1.23,2.5 -3.14,4" /><text x="10.01" y="20">Mean 0.12345</text></svg>',
  );
});
