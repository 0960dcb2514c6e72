/** Small readers over an operator's answer (xmlbuilder2), by local name: the ANS prefix varies. */
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';

/** The first element named `name` (local name) under `parent`, at any depth. */
export const child = (parent: XMLBuilder, name: string): XMLBuilder | undefined =>
  parent.find((n) => (n.node as { localName?: string }).localName === name, false, true);
/** The text of {@link child}; undefined when there is no such element. */
export const text = (parent: XMLBuilder, name: string): string | undefined => {
  const found = child(parent, name);
  return found ? (found.node.textContent ?? '') : undefined;
};

/** The operator's `mensagemErro` (ct_motivoGlosa) under `element`, if it refused. */
export function refusal(element: XMLBuilder, name = 'mensagemErro') {
  const error = child(element, name);
  if (!error) return undefined;
  const description = text(error, 'descricaoGlosa');
  return { glosaCode: text(error, 'codigoGlosa') ?? '', ...(description ? { description } : {}) };
}
