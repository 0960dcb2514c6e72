/**
 * Checks a TISS message against the ANS schemas of its version with libxml2 (xmllint-wasm). The
 * schemas are project data under `schemas/<version>/` beside this file (schemas/README.md): a new TISS version is
 * a new folder there and the insurer's `tissVersion` setting, not code. The files come through a port
 * (`schema-source.ts`) the server fills from disk; the desk has none, so it asks the server.
 */
import type { XMLValidationError } from 'xmllint-wasm';
import { DomainError } from '#core/errors.js';
import { tissSchemaSource, type TissSchemaFile } from './schema-source.js';

/** One problem the validator found, with the field it concerns when it could tell. */
export interface TissProblem {
  /** The element's local name (`numeroCarteira`), or `xml` when the problem is not about one element. */
  path: string;
  /** pt-BR, for the person fixing the guide. */
  message: string;
  /** libxml2's own message, kept for support. */
  detail: string;
  line?: number;
}

/** The message schema of a version folder; the others in the folder are what it includes and imports. */
const mainSchema = (version: string): string => `tissV${version.replace(/\./g, '_')}.xsd`;

function missingVersion(version: string): DomainError {
  return new DomainError('validation', `Versão TISS ${version} sem esquemas instalados`, [
    { path: 'tissVersion', message: 'versão do padrão TISS não suportada' },
  ]);
}

const cache = new Map<string, Promise<TissSchemaFile[]>>();

/**
 * The version's files with the main schema last (the validator compiles it; the others are preloaded).
 * @throws DomainError `validation` on `tissVersion` when the version has no schemas, `conflict` where no
 *   schema source is installed (the desk: the server validates).
 */
async function schemaFiles(version: string): Promise<TissSchemaFile[]> {
  const source = tissSchemaSource();
  if (!source)
    throw new DomainError('conflict', 'A validação do XML TISS é feita no servidor', [
      { path: 'tissVersion', message: 'conecte-se ao servidor para validar o lote' },
    ]);
  let files = cache.get(version);
  if (!files) {
    files = (async () => {
      const found = (await source(version)) ?? [];
      if (!found.some((f) => f.fileName === mainSchema(version))) throw missingVersion(version);
      return [...found].sort(
        (a, b) => Number(a.fileName === mainSchema(version)) - Number(b.fileName === mainSchema(version)),
      );
    })();
    cache.set(version, files);
    files.catch(() => cache.delete(version));
  }
  return files;
}

const ELEMENT = /Element '(?:\{[^}]*\})?([\w-]+)'/;

/** libxml2's message in pt-BR, for the errors a guide's data can cause. */
function translate(error: XMLValidationError): TissProblem {
  const raw = error.message.trim();
  const element = ELEMENT.exec(raw)?.[1];
  const path = element ?? 'xml';
  let message = `Valor inválido no campo ${path}`;
  if (/is not a valid value of the atomic type|is not an element of the set|not accepted by the pattern/.test(raw)) {
    message = `Valor fora do padrão TISS no campo ${path}`;
  } else if (/has a length of '0'|length.*less than|minLength/.test(raw)) {
    message = `Campo ${path} obrigatório não preenchido`;
  } else if (/length|maxLength|totalDigits/.test(raw)) {
    message = `Campo ${path} maior do que o padrão TISS permite`;
  } else if (/Missing child element/.test(raw)) {
    const missing = /Expected is.*?\( ?(?:\{[^}]*\})?([\w-]+)/.exec(raw)?.[1];
    message = `Falta o campo ${missing ?? 'obrigatório'} em ${path}`;
  } else if (/This element is not expected/.test(raw)) {
    message = `Campo ${path} fora de ordem ou não esperado`;
  }
  return { path, message, detail: raw, ...(error.loc ? { line: error.loc.lineNumber } : {}) };
}

/**
 * The problems of `xml` (ISO-8859-1 bytes of a `mensagemTISS`) against the schemas of `version`;
 * empty when it is valid.
 *
 * @throws DomainError `validation` on `tissVersion` when `version` has no schema folder (the insurer's
 *   setting names a version not shipped).
 */
export async function validateTissMessage(xml: Uint8Array, version: string): Promise<TissProblem[]> {
  return (await validateTissMessages([xml], version))[0]!;
}

/**
 * The problems of each message of `xmls` (same version), in order, from one libxml2 run; `schema`
 * `webServices` checks the web-service messages (`loteGuiasWS`, `protocoloRecebimentoWS`…). Each call
 * pays a worker, a wasm instance and a schema compilation (about 170 ms on the 2-core bench machine)
 * before its documents, so several batches are checked together (TISS-013, test/bench/tiss-batch.md).
 *
 * @throws DomainError as {@link validateTissMessage}.
 */
export async function validateTissMessages(
  xmls: Uint8Array[],
  version: string,
  schema: 'message' | 'webServices' = 'message',
): Promise<TissProblem[][]> {
  if (!/^\d\.\d{2}\.\d{2}$/.test(version)) throw missingVersion(version);
  if (xmls.length === 0) return [];
  const { validateXML } = await import('xmllint-wasm');
  const all = await schemaFiles(version);
  // The web-service messages (loteGuiasWS…) are declared in tissWebServicesV<version>.xsd, which
  // includes the message schema: compiled as the main one, the others preloaded.
  const main = schema === 'message' ? mainSchema(version) : `tissWebServicesV${version.replace(/\./g, '_')}.xsd`;
  const chosen = all.find((f) => f.fileName === main);
  if (!chosen) throw missingVersion(version);
  const files = [...all.filter((f) => f !== chosen), chosen];
  const names = xmls.map((_, i) => `lote-${i}.xml`);
  const result = await validateXML({
    xml: xmls.map((contents, i) => ({ fileName: names[i]!, contents })),
    schema: files[files.length - 1]!,
    preload: files.slice(0, -1),
    maxMemoryPages: 2048,
  });
  const problems: TissProblem[][] = xmls.map(() => []);
  if (result.valid) return problems;
  for (const error of result.errors) {
    const index = names.indexOf(error.loc?.fileName ?? '');
    if (index >= 0) problems[index]!.push(translate(error));
    else {
      // "lote-3.xml fails to validate" has no position: it belongs to the message it names.
      const named = Math.max(
        names.findIndex((n) => error.rawMessage.startsWith(`${n} `)),
        0,
      );
      if (xmls.length === 1 || problems[named]!.length === 0) problems[named]!.push(translate(error));
    }
  }
  return problems;
}
