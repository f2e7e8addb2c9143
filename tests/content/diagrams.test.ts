// Every Mermaid diagram in docs/ renders at build time to an SVG a reader can use: it names
// itself and describes every connection for screen readers, asks nothing of another host, fits a
// desktop column with its text at 12 px or more, and no connector crosses another or runs through
// a box that is not one of its ends (issue 27: the PRISMA flow's did).
import {describe, expect, it} from 'vitest';
import {listDocFiles, readDoc} from './docsTree';
import {compactSvg, plainLabel, renderDiagram, titleFromMeta} from '../../plugins/diagrams/renderDiagram';
import {
  connectorPaths,
  connectorsThroughBoxes,
  crossingConnectors,
  nodeBoxes,
  segmentsCross,
  smallestFontSize,
  svgWidth,
} from '../../plugins/diagrams/diagramGeometry';
import {diagramWidths, PHONE_COLUMN_PX} from '../../src/components/lesson/Diagram/sizing';

/**
 * The lesson column on a 1280 px screen (sidebar and table of contents shown), measured in
 * Chromium; the e2e test checks the diagrams at that width too.
 */
const DESKTOP_COLUMN_PX = 703;

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

describe('the PRISMA 2020 flow (full-text screening)', () => {
  const prisma = blocks.find((b) => b.where === 'modules/systematic-review/full-text-screening');

  it('has connectors that neither cross each other nor run through another box', {timeout: 30_000}, async () => {
    const {svg} = await renderDiagram(prisma?.source ?? '');
    const paths = connectorPaths(svg);
    expect(paths).toHaveLength(14);
    expect(crossingConnectors(paths)).toEqual([]);
    expect(connectorsThroughBoxes(paths, nodeBoxes(svg))).toEqual([]);
  });

  it('fits the desktop column with its text at 12 px or more', {timeout: 30_000}, async () => {
    const {width, fontSize} = await renderDiagram(prisma?.source ?? '');
    expect(diagramWidths(width, fontSize).min).toBeLessThanOrEqual(DESKTOP_COLUMN_PX);
  });

  it('still says what the lesson says, box by box', {timeout: 30_000}, async () => {
    const {description} = await renderDiagram(prisma?.source ?? '');
    for (const box of [
      'Records identified from databases (n = 1,297), MEDLINE 412, Embase 598, CENTRAL 287, Records identified from registers (n = 77), ClinicalTrials.gov 46, WHO ICTRP 31',
      'Records removed before screening, Duplicate records removed (n = 502), Marked ineligible by automation tools (n = 0), Removed for other reasons (n = 0)',
      'Records screened (n = 872) → Records excluded (n = 806)',
      'Reports sought for retrieval (n = 66) → Reports not retrieved (n = 3)',
      'Reports assessed for eligibility (n = 63) → Reports excluded (n = 53), Wrong population (n = 11), Wrong intervention (n = 8), Wrong comparator (n = 19), Not randomised (n = 15)',
      'Reports assessed for eligibility (n = 63) → Ongoing studies (n = 4), Registry records, no results yet, Listed separately, not excluded',
      'Records identified from other methods, Citation searching (n = 8) → Reports sought for retrieval (n = 8)',
      'Reports sought for retrieval (n = 8) → Reports not retrieved (n = 1)',
      'Reports assessed for eligibility (n = 7) → Reports excluded (n = 6), Wrong comparator (n = 4), Not randomised (n = 2)',
      'Reports assessed for eligibility (n = 7) → Studies included in review (n = 5), Reports of included studies (n = 7)',
      'Reports assessed for eligibility (n = 63) → Studies included in review (n = 5), Reports of included studies (n = 7)',
    ]) {
      expect(description).toContain(box);
    }
  });
});

describe.each(blocks.map((b, i) => [`${b.where} #${i}`, b] as const))('%s', (_name, block) => {
  it('has no connector crossing another', {timeout: 30_000}, async () => {
    const {svg} = await renderDiagram(block.source, block.title);
    expect(crossingConnectors(connectorPaths(svg))).toEqual([]);
  });
});

describe('diagram geometry', () => {
  it('tells crossing segments from touching ones', () => {
    expect(segmentsCross({x: 0, y: 5}, {x: 10, y: 5}, {x: 5, y: 0}, {x: 5, y: 10})).toBe(true);
    // A T-junction and a shared run are not crossings.
    expect(segmentsCross({x: 0, y: 5}, {x: 10, y: 5}, {x: 5, y: 5}, {x: 5, y: 10})).toBe(false);
    expect(segmentsCross({x: 0, y: 5}, {x: 10, y: 5}, {x: 2, y: 5}, {x: 8, y: 5})).toBe(false);
  });

  it('finds a connector that runs through a box that is not one of its ends', () => {
    const svg =
      '<svg viewBox="0 0 200 300" width="200" height="300">' +
      '<polyline class="edge" points="100,40 100,60 40,60 40,200" />' +
      '<g class="node"><rect x="50" y="0" width="100" height="40" /></g>' +
      '<g class="node"><rect x="0" y="100" width="80" height="30" /></g>' +
      '<g class="node"><rect x="0" y="200" width="80" height="30" /></g>' +
      '<text x="1" y="1" font-size="11">a</text><text font-size="13">b</text></svg>';
    expect(connectorsThroughBoxes(connectorPaths(svg), nodeBoxes(svg))).toEqual([0]);
    expect(svgWidth(svg)).toBe(200);
    expect(smallestFontSize(svg)).toBe(11);
  });

  it('keeps text at 12 px or more: a diagram narrows with the column only so far, and grows if its text is smaller', () => {
    expect(diagramWidths(1300, 13)).toEqual({min: 1200, max: 1300, fitsPhone: false});
    expect(diagramWidths(110, 11)).toEqual({min: 120, max: 120, fitsPhone: true});
    expect(diagramWidths((PHONE_COLUMN_PX * 13) / 12, 13).fitsPhone).toBe(true);
  });

  it('reads a label wrapped to keep a diagram narrow as one phrase, and a new line as a new item', () => {
    expect(plainLabel('Records identified<br/>from databases<br/>(n = 1,297)<br/>MEDLINE 412,<br/>Embase 598')).toBe(
      'Records identified from databases (n = 1,297), MEDLINE 412, Embase 598',
    );
    expect(plainLabel('Reports excluded (n = 6)<br/>Wrong comparator (n = 4)')).toBe('Reports excluded (n = 6), Wrong comparator (n = 4)');
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
