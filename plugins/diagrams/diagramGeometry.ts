// What the build and the tests need to know about a rendered diagram's geometry: how wide it is
// and how small its text, to size it for the column it lives in (src/components/lesson/Diagram), and
// where its connectors run, to prove that none crosses another.

export interface Point {
  x: number;
  y: number;
}

/** The SVG's own width (its viewBox), in CSS px at scale 1. */
export function svgWidth(svg: string): number {
  const viewBox = /^<svg [^>]*viewBox="([^"]+)"/.exec(svg)?.[1];
  const width = Number(viewBox?.trim().split(/[\s,]+/)[2]);
  if (!Number.isFinite(width) || width <= 0) throw new Error('diagram SVG has no viewBox width');
  return width;
}

/** The smallest font size any text in the SVG is set in, in px at scale 1. */
export function smallestFontSize(svg: string): number {
  const sizes = [...svg.matchAll(/<text\b[^>]*\sfont-size="([\d.]+)"/g)].map((m) => Number(m[1]));
  if (sizes.length === 0) throw new Error('diagram SVG has no sized text');
  return Math.min(...sizes);
}

/** Each connector (`<polyline class="edge" points="…">`) as its list of points. */
export function connectorPaths(svg: string): Point[][] {
  return [...svg.matchAll(/<polyline\b[^>]*\bclass="edge"[^>]*>/g)].map((tag) => {
    const points = /\spoints="([^"]*)"/.exec(tag[0])?.[1] ?? '';
    return points
      .trim()
      .split(/\s+/)
      .map((pair) => {
        const [x, y] = pair.split(',').map(Number);
        return {x: x ?? NaN, y: y ?? NaN};
      });
  });
}

const cross = (o: Point, a: Point, b: Point): number => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/**
 * Whether two segments cross: each passes from one side of the other to the other side. Segments
 * that only touch (two connectors leaving the same node share their first run, or one joins
 * another's end) do not cross, which is how a reader sees them too.
 */
export function segmentsCross(p1: Point, p2: Point, q1: Point, q2: Point): boolean {
  const d1 = cross(q1, q2, p1);
  const d2 = cross(q1, q2, p2);
  const d3 = cross(p1, p2, q1);
  const d4 = cross(p1, p2, q2);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/** Every pair of connectors (by index) whose paths cross somewhere. */
export function crossingConnectors(paths: Point[][]): [number, number][] {
  const segments = (path: Point[]) => path.slice(1).map((end, i) => [path[i] as Point, end] as const);
  const found: [number, number][] = [];
  paths.forEach((a, i) => {
    paths.slice(i + 1).forEach((b, offset) => {
      const j = i + 1 + offset;
      if (segments(a).some(([p1, p2]) => segments(b).some(([q1, q2]) => segmentsCross(p1, p2, q1, q2)))) found.push([i, j]);
    });
  });
  return found;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Each node's box (`<g class="node"><rect …>`), in document order. */
export function nodeBoxes(svg: string): Box[] {
  return [...svg.matchAll(/<g\b[^>]*\bclass="node"[^>]*>\s*<rect\b([^>]*)>/g)].map((m) => {
    const attribute = (name: string) => Number(new RegExp(`\\s${name}="([^"]+)"`).exec(m[1] ?? '')?.[1]);
    return {x: attribute('x'), y: attribute('y'), width: attribute('width'), height: attribute('height')};
  });
}

const inside = (p: Point, box: Box, margin: number): boolean =>
  p.x > box.x + margin && p.x < box.x + box.width - margin && p.y > box.y + margin && p.y < box.y + box.height - margin;

/** Whether a segment runs through the inside of a box (more than `margin` px in from its edges). */
export function segmentEntersBox(a: Point, b: Point, box: Box, margin = 1): boolean {
  // Liang–Barsky: clip the segment to the shrunken box and see whether anything is left.
  const left = box.x + margin;
  const right = box.x + box.width - margin;
  const top = box.y + margin;
  const bottom = box.y + box.height - margin;
  if (inside(a, box, margin) || inside(b, box, margin)) return true;
  let t0 = 0;
  let t1 = 1;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  for (const [p, q] of [
    [-dx, a.x - left],
    [dx, right - a.x],
    [-dy, a.y - top],
    [dy, bottom - a.y],
  ] as const) {
    if (p === 0) {
      if (q <= 0) return false;
    } else {
      const t = q / p;
      if (p < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
    }
  }
  return t1 - t0 > 1e-9;
}

/**
 * Connectors (by index) that run through a box other than the two they join, so that a reader
 * would take the box for one of its ends. A connector's ends are the boxes its first and last
 * points touch.
 */
export function connectorsThroughBoxes(paths: Point[][], boxes: Box[]): number[] {
  const touches = (p: Point, box: Box) => p.x >= box.x - 2 && p.x <= box.x + box.width + 2 && p.y >= box.y - 2 && p.y <= box.y + box.height + 2;
  return paths.flatMap((path, index) => {
    const first = path[0];
    const last = path[path.length - 1];
    const others = boxes.filter((box) => !(first && touches(first, box)) && !(last && touches(last, box)));
    const through = path.slice(1).some((end, i) => others.some((box) => segmentEntersBox(path[i] as Point, end, box)));
    return through ? [index] : [];
  });
}
