/**
 * Converts the DATASUS CID-10 subcategory table (2008 release, `CID-10-SUBCATEGORIAS.CSV` of
 * `CID10CSV.zip`: `;`-separated, ISO-8859-1) into the compact UTF-8 JSON the product ships,
 * `core/medical-record/cid10/cid10-subcategorias.json`: `[[code, description, sex], …]` in table order,
 * the code without its dot (`A000`), `sex` the table's restriction (`F`, `M` or empty).
 *
 * Usage: node scripts/cid10-to-json.mjs <folder holding CID-10-SUBCATEGORIAS.CSV>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = process.argv[2];
if (!folder) {
  console.error('uso: node scripts/cid10-to-json.mjs <pasta com CID-10-SUBCATEGORIAS.CSV>');
  process.exit(1);
}
const text = readFileSync(join(folder, 'CID-10-SUBCATEGORIAS.CSV')).toString('latin1');
const [header, ...lines] = text.split(/\r?\n/).filter((line) => line.trim() !== '');
const columns = header.split(';');
const at = (name) => {
  const index = columns.indexOf(name);
  if (index < 0) throw new Error(`coluna ${name} ausente`);
  return index;
};
const [code, sex, description] = [at('SUBCAT'), at('RESTRSEXO'), at('DESCRICAO')];
const rows = lines.map((line) => {
  const cells = line.split(';');
  const row = [cells[code].trim(), cells[description].trim(), cells[sex].trim()];
  if (!/^[A-Z]\d{2}\d?$/.test(row[0])) throw new Error(`código inválido: ${row[0]}`);
  if (!['', 'F', 'M'].includes(row[2])) throw new Error(`restrição de sexo inválida: ${row[2]}`);
  return row;
});
const out = 'core/medical-record/cid10/cid10-subcategorias.json';
writeFileSync(out, `[\n${rows.map((row) => JSON.stringify(row)).join(',\n')}\n]\n`);
console.log(`${rows.length} subcategorias em ${out}`);
