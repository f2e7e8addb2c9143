// The enrolment QR code: an SVG of the otpauth URI for authenticator apps to scan. GoTrue returns
// the bare SVG and auth-js turns it into a data URI.
import QRCode from 'qrcode';

export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, {type: 'svg', errorCorrectionLevel: 'M', margin: 2});
}
