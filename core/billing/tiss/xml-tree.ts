/**
 * A TISS document as a plain tree before it is written: the builder assembles it, the epilogue hash
 * reads its text values in document order, and one serializer writes it. Keeping the tree lets the
 * hash be computed from exactly what is written, without parsing our own output back.
 */

/** An element with text content (a leaf) or with child elements. Empty optional values are left out. */
export type TissNode = { name: string; text: string } | { name: string; children: TissNode[] };

/** A leaf element. */
export function leaf(name: string, text: string | number): TissNode {
  return { name, text: String(text) };
}

/** An element with children; `undefined` children (absent optional elements) are dropped. */
export function node(name: string, children: readonly (TissNode | undefined)[]): TissNode {
  return { name, children: children.filter((c): c is TissNode => c !== undefined) };
}

/** A leaf only when `value` is present and not empty: TISS optional elements are omitted, never empty. */
export function optionalLeaf(name: string, value: string | number | undefined): TissNode | undefined {
  return value === undefined || value === '' ? undefined : leaf(name, value);
}

/** Every text value of the tree, in document order. */
export function textValues(root: TissNode): string[] {
  if ('text' in root) return [root.text];
  return root.children.flatMap(textValues);
}
