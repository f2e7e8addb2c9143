// The two-factor QR code renders and scans: the site's image has a size and a decoder reads the
// otpauth:// URI back from it; local-supabase's SVG survives auth-js's unencoded data: URL.
import jsQR from 'jsqr';
import {describe, expect, it} from 'vitest';
import {TOTP_QR_SIZE, totpQrDataUrl} from '../../src/lib/totpQr';
import {qrCodeSvg} from '../../local-supabase/auth/qr';

const URI = 'otpauth://totp/Research%20Methods%20Academy:ada%40example.com?issuer=Research+Methods+Academy&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The SVG inside a data: URL, read the way a browser reads it (the URL ends at a '#'). */
function svgOf(dataUrl: string): string {
  const [head, body = ''] = dataUrl.split('#')[0]!.split(/,(.*)/s);
  expect(head).toMatch(/^data:image\/svg\+xml;/);
  return decodeURIComponent(body);
}

/**
 * Rasterises the QR library's SVG (one stroked path of horizontal runs: `M x y.5` / `m dx 0`
 * moves, `h n` dark runs) at `scale` pixels a module and decodes it with jsQR.
 */
function decode(svg: string, scale = 4): string | null {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const path = /<path stroke="[^"]+" d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const dark = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, op, a, b] of path.matchAll(/([MmHh])([\d.]+)(?:\s([\d.]+))?/g)) {
    if (op === 'M') [x, y] = [Number(a), Math.floor(Number(b))];
    else if (op === 'm') x += Number(a);
    else if (op === 'h') for (let i = 0; i < Number(a); i++, x++) dark.add(`${x},${y}`);
  }
  const side = size * scale;
  const pixels = new Uint8ClampedArray(side * side * 4);
  for (let py = 0; py < side; py++) {
    for (let px = 0; px < side; px++) {
      const value = dark.has(`${Math.floor(px / scale)},${Math.floor(py / scale)}`) ? 0 : 255;
      pixels.set([value, value, value, 255], (py * side + px) * 4);
    }
  }
  return jsQR(pixels, side, side)?.data ?? null;
}

describe('two-factor QR code', () => {
  it("the site's image has a size and scans back to the otpauth:// URI", async () => {
    const url = await totpQrDataUrl(URI);
    expect(url).not.toContain('#');
    const svg = svgOf(url);
    expect(svg).toContain(`width="${TOTP_QR_SIZE}" height="${TOTP_QR_SIZE}"`);
    expect(decode(svg)).toBe(URI);
  });

  it("local-supabase's SVG stays whole in the data: URL auth-js makes of it, and scans", async () => {
    const svg = await qrCodeSvg(URI);
    const asAuthJsWrapsIt = `data:image/svg+xml;utf-8,${svg}`;
    expect(svgOf(asAuthJsWrapsIt)).toBe(svg);
    expect(svg).toMatch(/width="\d+" height="\d+"/);
    expect(decode(svg)).toBe(URI);
  });
});
