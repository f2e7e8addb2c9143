// The PRISMA 2020 flow diagram for new systematic reviews that searched databases and registers
// only (Page et al., BMJ 2021;372:n71, published under CC BY 4.0), as an SVG to print and as a
// diagrams.net (.drawio) file to edit in the free draw.io desktop app or app.diagrams.net.
// Box wording is the statement's, word for word; the counts are left blank for the reviewer.

export interface FlowBox {
  id: string;
  lines: string[];
  x: number;
  y: number;
  width: number;
  height: number;
}

export const PRISMA_TITLE = 'Identification of studies via databases and registers';

const W = 300;
const LEFT = 110;
const RIGHT = 470;

export const PRISMA_BOXES: FlowBox[] = [
  {id: 'identified', lines: ['Records identified from*:', 'Databases (n = )', 'Registers (n = )'], x: LEFT, y: 70, width: W, height: 90},
  {
    id: 'removed',
    lines: [
      'Records removed before screening:',
      'Duplicate records removed (n = )',
      'Records marked as ineligible by automation tools (n = )',
      'Records removed for other reasons (n = )',
    ],
    x: RIGHT,
    y: 60,
    width: 360,
    height: 110,
  },
  {id: 'screened', lines: ['Records screened', '(n = )'], x: LEFT, y: 220, width: W, height: 60},
  {id: 'excluded', lines: ['Records excluded**', '(n = )'], x: RIGHT, y: 220, width: W, height: 60},
  {id: 'sought', lines: ['Reports sought for retrieval', '(n = )'], x: LEFT, y: 330, width: W, height: 60},
  {id: 'notRetrieved', lines: ['Reports not retrieved', '(n = )'], x: RIGHT, y: 330, width: W, height: 60},
  {id: 'assessed', lines: ['Reports assessed for eligibility', '(n = )'], x: LEFT, y: 450, width: W, height: 60},
  {
    id: 'reportsExcluded',
    lines: ['Reports excluded:', 'Reason 1 (n = )', 'Reason 2 (n = )', 'Reason 3 (n = )', 'etc.'],
    x: RIGHT,
    y: 425,
    width: W,
    height: 110,
  },
  {id: 'included', lines: ['Studies included in review (n = )', 'Reports of included studies (n = )'], x: LEFT, y: 590, width: W, height: 70},
];

/** Arrows as [from, to]: down the left column, and across to each exclusion box. */
export const PRISMA_ARROWS: [string, string][] = [
  ['identified', 'removed'],
  ['identified', 'screened'],
  ['screened', 'excluded'],
  ['screened', 'sought'],
  ['sought', 'notRetrieved'],
  ['sought', 'assessed'],
  ['assessed', 'reportsExcluded'],
  ['assessed', 'included'],
];

export const PRISMA_FOOTNOTES = [
  '*Consider, if feasible to do so, reporting the number of records identified from each database or register searched (rather than the total number across all databases/registers).',
  '**If automation tools were used, indicate how many records were excluded by a human and how many were excluded by automation tools.',
  'From: Page MJ, McKenzie JE, Bossuyt PM, et al. The PRISMA 2020 statement: an updated guideline for reporting systematic reviews. BMJ 2021;372:n71. doi: 10.1136/bmj.n71. Licensed CC BY 4.0.',
];

/** Stage bands on the left: [label, top, bottom]. */
const STAGE_BANDS: [string, number, number][] = [
  ['Identification', 50, 190],
  ['Screening', 200, 545],
  ['Included', 565, 680],
];

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function box(id: string): FlowBox {
  const found = PRISMA_BOXES.find((b) => b.id === id);
  if (!found) throw new Error(`no PRISMA box ${id}`);
  return found;
}

/** Where an arrow leaves `from` and enters `to`: sideways if they share a row, else downwards. */
function arrowPoints(from: FlowBox, to: FlowBox): [number, number, number, number] {
  const fromMidY = from.y + from.height / 2;
  if (to.x > from.x) return [from.x + from.width, fromMidY, to.x, fromMidY];
  const midX = from.x + from.width / 2;
  return [midX, from.y + from.height, midX, to.y];
}

const HEIGHT = 800;
const WIDTH = 860;

export function prismaSvg(): string {
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="Arial, Helvetica, sans-serif" font-size="13">`);
  out.push('  <title>PRISMA 2020 flow diagram for new systematic reviews which included searches of databases and registers only</title>');
  out.push('  <defs><marker id="arrow" markerWidth="10" markerHeight="10" refX="9" refY="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#000"/></marker></defs>');
  out.push('  <rect width="100%" height="100%" fill="#fff"/>');
  out.push(`  <rect x="${LEFT}" y="10" width="${RIGHT + 360 - LEFT}" height="32" rx="6" fill="#f6c04b" stroke="#000"/>`);
  out.push(`  <text x="${(LEFT + RIGHT + 360) / 2}" y="31" text-anchor="middle" font-weight="bold">${escapeXml(PRISMA_TITLE)}</text>`);
  for (const [label, top, bottom] of STAGE_BANDS) {
    const cx = 45;
    const cy = (top + bottom) / 2;
    out.push(`  <rect x="30" y="${top}" width="30" height="${bottom - top}" rx="6" fill="#a6c8e8" stroke="#000"/>`);
    out.push(`  <text x="${cx}" y="${cy}" text-anchor="middle" dominant-baseline="middle" font-weight="bold" transform="rotate(-90 ${cx} ${cy})">${escapeXml(label)}</text>`);
  }
  for (const b of PRISMA_BOXES) {
    out.push(`  <g id="${b.id}">`);
    out.push(`    <rect x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" fill="#fff" stroke="#000"/>`);
    const lineHeight = 18;
    const firstY = b.y + b.height / 2 - ((b.lines.length - 1) * lineHeight) / 2 + 4;
    b.lines.forEach((line, i) => {
      out.push(`    <text x="${b.x + 10}" y="${firstY + i * lineHeight}">${escapeXml(line)}</text>`);
    });
    out.push('  </g>');
  }
  for (const [from, to] of PRISMA_ARROWS) {
    const [x1, y1, x2, y2] = arrowPoints(box(from), box(to));
    out.push(`  <line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#000" marker-end="url(#arrow)"/>`);
  }
  PRISMA_FOOTNOTES.forEach((note, i) => {
    // Long footnotes wrap at about 120 characters so they stay inside the drawing.
    const words = note.split(' ');
    const wrapped: string[] = [];
    for (const word of words) {
      const last = wrapped.at(-1);
      if (last !== undefined && (last + ' ' + word).length <= 120) wrapped[wrapped.length - 1] = `${last} ${word}`;
      else wrapped.push(word);
    }
    wrapped.forEach((line, j) => {
      out.push(`  <text x="30" y="${700 + i * 34 + j * 15}" font-size="11">${escapeXml(line)}</text>`);
    });
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/** An uncompressed diagrams.net file: one page, one cell per box, band and arrow. */
export function prismaDrawio(): string {
  const cells: string[] = ['<mxCell id="0"/>', '<mxCell id="1" parent="0"/>'];
  const text = (lines: string[]) => escapeXml(lines.map(escapeXml).join('<br>'));
  cells.push(
    `<mxCell id="title" value="${escapeXml(`<b>${escapeXml(PRISMA_TITLE)}</b>`)}" style="rounded=1;whiteSpace=wrap;html=1;fillColor=#f6c04b;" vertex="1" parent="1"><mxGeometry x="${LEFT}" y="10" width="${RIGHT + 360 - LEFT}" height="32" as="geometry"/></mxCell>`,
  );
  STAGE_BANDS.forEach(([label, top, bottom], i) => {
    cells.push(
      `<mxCell id="stage${i + 1}" value="${escapeXml(`<b>${label}</b>`)}" style="rounded=1;whiteSpace=wrap;html=1;fillColor=#a6c8e8;horizontal=0;" vertex="1" parent="1"><mxGeometry x="30" y="${top}" width="30" height="${bottom - top}" as="geometry"/></mxCell>`,
    );
  });
  for (const b of PRISMA_BOXES) {
    cells.push(
      `<mxCell id="${b.id}" value="${text(b.lines)}" style="rounded=0;whiteSpace=wrap;html=1;align=left;spacingLeft=8;" vertex="1" parent="1"><mxGeometry x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" as="geometry"/></mxCell>`,
    );
  }
  PRISMA_ARROWS.forEach(([from, to], i) => {
    cells.push(
      `<mxCell id="arrow${i + 1}" style="endArrow=block;html=1;rounded=0;" edge="1" parent="1" source="${from}" target="${to}"><mxGeometry relative="1" as="geometry"/></mxCell>`,
    );
  });
  cells.push(
    `<mxCell id="footnotes" value="${text(PRISMA_FOOTNOTES)}" style="text;whiteSpace=wrap;html=1;fontSize=11;align=left;" vertex="1" parent="1"><mxGeometry x="30" y="690" width="${WIDTH - 60}" height="100" as="geometry"/></mxCell>`,
  );
  return [
    '<mxfile host="app.diagrams.net">',
    '  <diagram id="prisma-2020" name="PRISMA 2020 flow diagram">',
    `    <mxGraphModel dx="${WIDTH}" dy="${HEIGHT}" grid="1" gridSize="10" page="1" pageWidth="${WIDTH}" pageHeight="${HEIGHT}">`,
    '      <root>',
    ...cells.map((c) => `        ${c}`),
    '      </root>',
    '    </mxGraphModel>',
    '  </diagram>',
    '</mxfile>',
    '',
  ].join('\n');
}
