// The two-factor enrolment QR code, drawn here from the factor's otpauth:// URI instead of the
// auth server's SVG: auth-js puts that SVG into a data: URL unencoded, so any '#' in it (a colour
// such as #ffffff) ends the URL and the image breaks. Drawing it ourselves works with any server.
const QR_SIZE = 200;

/** A data: URL of an SVG QR code of `uri`, percent-encoded, with a fixed width and height. */
export async function totpQrDataUrl(uri: string): Promise<string> {
  // Loaded only when someone sets up an authenticator app.
  const QRCode = (await import('qrcode')).default;
  const svg = await QRCode.toString(uri, {type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: QR_SIZE});
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export const TOTP_QR_SIZE = QR_SIZE;
