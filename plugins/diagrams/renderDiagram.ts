// Mermaid source → an accessible inline SVG, at build time and without a browser
// (beautiful-mermaid lays the graph out with ELK in plain JavaScript). Colours are CSS variables
// that src/components/Diagram sets per colour mode, so one SVG serves light and dark.
import crypto from 'node:crypto';
import type * as BeautifulMermaid from 'beautiful-mermaid';
import {nativeImport} from '../nativeImport';

type Renderer = typeof BeautifulMermaid;

export interface RenderedDiagram {
  svg: string;
  /** The diagram's short name (the fence's `title="…"`, else its first node). */
  title: string;
  /** Every connection in words, for readers who cannot see the picture. */
  description: string;
}

let renderer: Promise<Renderer> | null = null;
const loadRenderer = (): Promise<Renderer> => (renderer ??= nativeImport<Renderer>('beautiful-mermaid'));

const COLOURS = {
  bg: 'var(--diagram-bg)',
  fg: 'var(--diagram-fg)',
  line: 'var(--diagram-line)',
  accent: 'var(--diagram-line)',
  muted: 'var(--diagram-muted)',
  surface: 'var(--diagram-surface)',
  border: 'var(--diagram-border)',
  transparent: true,
  font: 'system-ui',
};

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Node labels as a reader would say them: `<br/>` becomes a comma, entities decoded. */
function plainLabel(label: string): string {
  return label
    .replace(/<br\s*\/?>/gi, ', ')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function describe(graph: ReturnType<Renderer['parseMermaid']>): {first: string; description: string} {
  const label = (id: string) => plainLabel(graph.nodes.get(id)?.label ?? id);
  const steps = graph.edges.map((edge) =>
    edge.label ? `${label(edge.source)} — ${plainLabel(edge.label)} → ${label(edge.target)}` : `${label(edge.source)} → ${label(edge.target)}`,
  );
  const first = graph.nodes.values().next().value;
  return {first: first ? plainLabel(first.label) : 'Diagram', description: `${steps.join('. ')}.`};
}

/**
 * The renderer's SVG without what a reader's browser does not use: coordinates to 1/100 px (it
 * writes up to 16 digits), its data-* bookkeeping attributes (nothing in the site reads them), the
 * comments and indentation. The SVG is inline in the page's HTML and in its JavaScript, so this
 * roughly halves a diagram's share of both.
 */
export function compactSvg(svg: string): string {
  return svg
    .replace(/\sdata-[a-z-]+="[^"]*"/g, '')
    .replace(/(\s[a-zA-Z:-]+=")([^"]*)"/g, (_m, name: string, value: string) =>
      `${name}${value.replace(/-?\d+\.\d{3,}/g, (n) => String(Math.round(Number(n) * 100) / 100))}"`,
    )
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/>\s+</g, '><')
    .replace(/(<style>[\s\S]*?<\/style>)/, (style) => style.replace(/\s+/g, ' ').replace(/\s*([{};:,])\s*/g, '$1'));
}

export async function renderDiagram(source: string, title?: string): Promise<RenderedDiagram> {
  const {parseMermaid, renderMermaidSVG} = await loadRenderer();
  const {first, description} = describe(parseMermaid(source));
  const name = title ?? first;
  // Ids must stay unique when several diagrams share a page.
  const prefix = `d${crypto.createHash('sha256').update(source).digest('hex').slice(0, 8)}`;
  const svg = compactSvg(renderMermaidSVG(source, COLOURS))
    // The renderer asks Google Fonts for Inter; the site uses the reader's system font and makes
    // no third-party requests.
    .replace(/@import url\([^)]*\);\s*/g, '')
    .replace(/\bid="([^"]+)"/g, `id="${prefix}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}-$1)`)
    .replace(/^<svg /, `<svg role="img" aria-labelledby="${prefix}-title" aria-describedby="${prefix}-desc" `)
    .replace(/^(<svg[^>]*>)/, `$1<title id="${prefix}-title">${escapeXml(name)}</title><desc id="${prefix}-desc">${escapeXml(description)}</desc>`);
  return {svg, title: name, description};
}

/** `title="…"` from a code fence's meta string. */
export function titleFromMeta(meta: string | null | undefined): string | undefined {
  return meta ? /title="([^"]+)"/.exec(meta)?.[1] : undefined;
}
