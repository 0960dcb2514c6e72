/**
 * Where the TISS schema files of a version come from: a port, because core runs in the desk too and
 * reads no disk. The server installs a reader of `core/billing/tiss/schemas/<version>/` (its billing
 * server module, `sync-server/catalogue.ts`); without one, validation says it runs on the server
 * (docs/decisions/billing.md TISS-006).
 */

/** One schema file as the validator preloads it. */
export interface TissSchemaFile {
  fileName: string;
  contents: Uint8Array;
}

/**
 * The `.xsd` files of `version`'s folder (`4.01.00`), or undefined when the folder does not exist.
 * The validator compiles `tissV<version>.xsd`; the others are what it includes and imports.
 */
export type TissSchemaSource = (version: string) => Promise<TissSchemaFile[] | undefined>;

let installed: TissSchemaSource | undefined;

/** Sets the source; only `sync-server/catalogue.ts` (and tests) call this. */
export function setTissSchemaSource(source: TissSchemaSource): void {
  installed = source;
}

/** The installed source, or undefined where there is none (the desk). */
export function tissSchemaSource(): TissSchemaSource | undefined {
  return installed;
}
