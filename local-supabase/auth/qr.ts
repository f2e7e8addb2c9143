// The enrolment QR code. No QR encoder is installed yet, so this SVG shows the otpauth URI as
// text (the secret is returned beside it for manual entry); auth-js prefixes it as a data URI.
export function qrCodeSvg(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c] as string);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="40" viewBox="0 0 320 40"><text x="4" y="22" font-family="monospace" font-size="6">${escaped}</text></svg>`;
}
