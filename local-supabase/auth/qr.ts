// The enrolment QR code: an SVG of the otpauth URI for authenticator apps to scan. GoTrue returns
// the bare SVG and auth-js puts it into a data: URL without encoding it, so the SVG must not hold
// a '#' (it would end the URL): hosted GoTrue's SVG names its colours (fill:white, fill:black)
// and gives a width and height; this one does the same.
import QRCode from 'qrcode';

const SIZE = 256;

export async function qrCodeSvg(text: string): Promise<string> {
  const svg = await QRCode.toString(text, {type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: SIZE, color: {dark: '#000000', light: '#ffffff'}});
  return svg.replaceAll('"#ffffff"', '"white"').replaceAll('"#000000"', '"black"');
}
