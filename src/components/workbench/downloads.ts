// What the workbench offers to download: the plots as SVG and PNG, the results as CSV.
import {stringify} from 'csv-stringify/browser/esm/sync';
import type {AnalysisResult} from '@site/shared/metaAnalysis/analysis';

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The SVG as a standalone file, with the text colour fixed (currentColor means nothing outside the page). */
export function svgText(svg: SVGSVGElement): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('color', '#1c1e21');
  clone.style.background = '#ffffff';
  return new XMLSerializer().serializeToString(clone);
}

export function downloadSvg(svg: SVGSVGElement, filename: string): void {
  saveBlob(new Blob([svgText(svg)], {type: 'image/svg+xml'}), filename);
}

export function downloadPng(svg: SVGSVGElement, filename: string): void {
  const box = svg.viewBox.baseVal;
  const scale = 2;
  const image = new Image();
  image.onload = () => {
    const canvas = document.createElement('canvas');
    canvas.width = box.width * scale;
    canvas.height = box.height * scale;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
    canvas.toBlob((blob) => blob && saveBlob(blob, filename), 'image/png');
  };
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText(svg))}`;
}

/** One row per study and one for the pooled result, on the analysis scale. */
export function resultsCsv(r: AnalysisResult): string {
  const rows: (string | number | null)[][] = [['row', 'study', 'subgroup', 'yi', 'se', 'ci_lower', 'ci_upper', 'weight_percent', 'note']];
  for (const s of r.studies) rows.push(['study', s.study, s.subgroup, s.yi, s.se, s.ci_lower, s.ci_upper, s.weight, s.adjustment]);
  rows.push(['pooled', `${r.measure} ${r.method}${r.hksj ? ' HKSJ' : ''}`, null, r.estimate, r.se, r.ci_lower, r.ci_upper, 100, null]);
  rows.push(['prediction_interval', '', null, null, null, r.pi_lower, r.pi_upper, null, null]);
  rows.push(['heterogeneity', `Q=${r.Q}; df=${r.Q_df}; p=${r.Q_p}; I2=${r.I2}; tau2=${r.tau2}`, null, null, null, null, null, null, null]);
  return stringify(rows.map((row) => row.map((c) => (c === null ? '' : c))));
}
