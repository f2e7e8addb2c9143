// Draws a certificate into a canvas in the browser (no third-party service), for the PNG
// download on the certificate page.
import {SITE_TITLE} from '../config/site';

export interface CertificateDrawing {
  fullName: string;
  courseTitle: string;
  issuedDate: string;
  code: string;
  url: string;
}

const CERTIFICATE_PNG_SIZE = {width: 1600, height: 1131};

/** Shrinks the font until the text fits `maxWidth`. */
function fitText(ctx: CanvasRenderingContext2D, text: string, y: number, font: (size: number) => string, size: number, maxWidth: number): void {
  let current = size;
  ctx.font = font(current);
  while (ctx.measureText(text).width > maxWidth && current > 12) {
    current -= 2;
    ctx.font = font(current);
  }
  ctx.fillText(text, CERTIFICATE_PNG_SIZE.width / 2, y);
}

function drawCertificate(canvas: HTMLCanvasElement, data: CertificateDrawing): void {
  const {width, height} = CERTIFICATE_PNG_SIZE;
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw images');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = '#1f4e79';
  ctx.lineWidth = 14;
  ctx.strokeRect(40, 40, width - 80, height - 80);
  ctx.lineWidth = 3;
  ctx.strokeRect(70, 70, width - 140, height - 140);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  const serif = (size: number, weight = '400') => `${weight} ${size}px Georgia, 'Times New Roman', serif`;
  const sans = (size: number) => `400 ${size}px system-ui, 'Segoe UI', Arial, sans-serif`;
  const maxWidth = width - 260;
  ctx.fillStyle = '#1f4e79';
  fitText(ctx, SITE_TITLE.toUpperCase(), 200, sans, 34, maxWidth);
  ctx.fillStyle = '#1c1e21';
  fitText(ctx, 'Certificate of completion', 310, (s) => serif(s, '700'), 76, maxWidth);
  fitText(ctx, 'This certifies that', 420, serif, 36, maxWidth);
  fitText(ctx, data.fullName || 'A learner', 520, (s) => serif(s, '700'), 68, maxWidth);
  fitText(ctx, 'passed every knowledge check of the course', 610, serif, 36, maxWidth);
  fitText(ctx, data.courseTitle, 700, (s) => serif(s, '700'), 56, maxWidth);
  fitText(ctx, `on ${data.issuedDate}`, 790, serif, 36, maxWidth);
  ctx.fillStyle = '#444950';
  fitText(ctx, `Certificate ID ${data.code}`, 930, sans, 26, maxWidth);
  fitText(ctx, `Verify at ${data.url}`, 975, sans, 26, maxWidth);
}

/** The drawn certificate as a PNG blob. */
export function certificatePng(data: CertificateDrawing, doc: Document = document): Promise<Blob> {
  const canvas = doc.createElement('canvas');
  drawCertificate(canvas, data);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be created'))), 'image/png'));
}
