/**
 * Test-only: the epilogue hash of a TISS message recomputed from its text, independently of the
 * product's hash code (Componente Organizacional, item 115: MD5 hex of the tags' contents
 * concatenated, in ISO-8859-1, of the document written without indentation; the epilogue left out).
 */
import { createHash } from 'node:crypto';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The item 115 hash of `xml`, from its text alone. */
export function independentHash(xml: string): string {
  const body = xml.replace(/^<\?xml[^>]*\?>/, '').replace(/<ans:epilogo>.*<\/ans:epilogo>/s, '');
  const text = body
    .split(/<[^>]+>/)
    .join('')
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!);
  return createHash('md5').update(Buffer.from(text, 'latin1')).digest('hex');
}

/** The hash written in `xml`'s epilogue. */
export function writtenHash(xml: string): string | undefined {
  return /<ans:hash>([0-9a-f]{32})<\/ans:hash>/.exec(xml)?.[1];
}
