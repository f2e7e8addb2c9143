// Placeholder replaced below if a QR encoder is available.
export function qrCodeSvg(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c] as string);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><text x="0" y="20" font-size="8">${escaped}</text></svg>`;
}
