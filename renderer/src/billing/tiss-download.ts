/**
 * The batch's TISS file as the desk saves it: the server writes and validates the message
 * (`GET /billing/batch/{id}/tissXml`, TISS-006) and answers its text; the file is that text in
 * ISO-8859-1, one byte per character, as its declaration says and as the epilogue hash was computed.
 */
import { DomainError } from '#core/errors.js';

/**
 * The ISO-8859-1 bytes of `xml`.
 * @throws DomainError `validation` for a character outside ISO-8859-1 (the server's writer refuses
 *   those already, TISS-005; this keeps a file from ever differing from what was hashed).
 */
export function latin1Bytes(xml: string): Uint8Array {
  const bytes = new Uint8Array(xml.length);
  for (let i = 0; i < xml.length; i++) {
    const code = xml.charCodeAt(i);
    if (code > 0xff)
      throw new DomainError('validation', 'Caractere fora do ISO-8859-1 no XML TISS', [
        { path: 'xml', message: xml[i]! },
      ]);
    bytes[i] = code;
  }
  return bytes;
}

/** Offers `bytes` to the person as the download `fileName` (the browser's, or Electron's, save). */
export function saveXmlFile(bytes: Uint8Array, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/xml;charset=ISO-8859-1' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
