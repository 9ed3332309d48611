import QRCode from 'qrcode';

/** A QR code of `text` as a PNG data URL, as /api/payinfo's cardlist.payimg answers it (issue 19). */
export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}
