/**
 * Record ids: UUIDv7 (RFC 9562), time-ordered so they sort by creation and generated on the client, so
 * two installations creating records offline never collide (docs/architecture.md "Records").
 */
import { v7 as uuidv7 } from 'uuid';

/** Source of new record ids; injected so tests can make them predictable. */
export interface IdGenerator {
  /** A fresh UUIDv7 string, e.g. `0193a1c2-7b3e-7cc1-9a52-0c7d3f1e2a4b`. */
  next(): string;
}

/** The production id generator. */
export const uuidV7Ids: IdGenerator = { next: () => uuidv7() };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for the canonical textual form of any UUID (ids coming from integrators may be v4). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
