// Mermaid source → an accessible inline SVG, at build time and without a browser
// (beautiful-mermaid lays the graph out with ELK in plain JavaScript). Colours are CSS variables
// that src/components/lesson/Diagram sets per colour mode, so one SVG serves light and dark.
import crypto from 'node:crypto';
import type * as BeautifulMermaid from 'beautiful-mermaid';
import {nativeImport} from '../nativeImport';
import {smallestFontSize, svgWidth} from './diagramGeometry';

type Renderer = typeof BeautifulMermaid;

export interface RenderedDiagram {
  svg: string;
  /** The diagram's short name (the fence's `title="…"`, else its first node). */
  title: string;
  /** Every connection in words, for readers who cannot see the picture. */
  description: string;
  /** The SVG's own width in px: what src/components/lesson/Diagram sizes it from. */
  width: number;
  /** Its smallest text, in px at its own width. */
  fontSize: number;
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
  // The figure has its own margin; the renderer's 40 px on each side would only make the picture,
  // and so its text, smaller in a narrow column.
  padding: 12,
  nodeSpacing: 24,
};

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Node labels as a reader would say them, entities decoded. A line break (`<br/>`, which the
 * parser has already turned into a newline) either ends an item, and becomes a comma, or only
 * wraps a long phrase to keep the diagram narrow, and becomes a space: the latter after a comma, colon
 * or a stop, or before a lower-case word or a parenthesis.
 */
export function plainLabel(label: string): string {
  return label
    .replace(/([^\s])\s*(?:<br\s*\/?>|\n)\s*(?=(.))/gi, (_m, last: string, next: string) =>
      /[,:;?.!]/.test(last) || /[a-z(]/.test(next) ? `${last} ` : `${last}, `,
    )
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

type Graph = ReturnType<Renderer['parseMermaid']>;

/**
 * The connections in the order a reader follows them: from each starting node (one nothing points
 * to, in the order the source names them) along every path, depth first. A diagram's source may
 * list nodes and connections in whatever order lays it out best; its description still reads from
 * the top.
 */
function readingOrder(graph: Graph): Graph['edges'] {
  const targets = new Set(graph.edges.map((edge) => edge.target));
  const roots = [...graph.nodes.keys()].filter((id) => !targets.has(id));
  const ordered: Graph['edges'] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const out = graph.edges.filter((edge) => edge.source === id);
    ordered.push(...out);
    out.forEach((edge) => visit(edge.target));
  };
  roots.forEach(visit);
  // A cycle with no way in is still described.
  ordered.push(...graph.edges.filter((edge) => !ordered.includes(edge)));
  return ordered;
}

function describe(graph: Graph): {first: string; description: string} {
  const label = (id: string) => plainLabel(graph.nodes.get(id)?.label ?? id);
  const steps = readingOrder(graph).map((edge) =>
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
  return {svg, title: name, description, width: svgWidth(svg), fontSize: smallestFontSize(svg)};
}

/** `title="…"` from a code fence's meta string. */
export function titleFromMeta(meta: string | null | undefined): string | undefined {
  return meta ? /title="([^"]+)"/.exec(meta)?.[1] : undefined;
}
