/**
 * Converts TUSS table 22 (procedures and events; ANS, a 2020 snapshot: `;`-separated UTF-8 with BOM,
 * columns `Código do Termo;Termo;Data de início de vigência;Data de fim de vigência;Data de fim de
 * implantação`, terms with `;` or `"` quoted as in RFC 4180) into the compact UTF-8 JSON the product
 * ships, `core/billing/tuss/tuss22-procedimentos.json`: `[[code, term, validFrom, validTo], …]` in
 * table order, dates as `AAAA-MM-DD` and `validTo` empty while the term is in force. Rows repeated
 * verbatim are kept once; a code with several terms (renamed over time) keeps each of them.
 *
 * Usage: node scripts/tuss22-to-json.mjs <tabela22_procedimentos_2020.csv>
 */
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('uso: node scripts/tuss22-to-json.mjs <tabela22_procedimentos_2020.csv>');
  process.exit(1);
}

/** The cells of one CSV line: `;`-separated, `"…"` quoting with `""` for a quote. */
function cellsOf(line) {
  const cells = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ';') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  if (quoted) throw new Error(`aspas sem fechar: ${line}`);
  cells.push(cell);
  return cells;
}

/** `13/02/2009` → `2009-02-13`; empty stays empty. */
function isoDate(text) {
  if (text === '') return '';
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) throw new Error(`data inválida: ${text}`);
  return `${match[3]}-${match[2]}-${match[1]}`;
}

const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
const [header, ...lines] = text.split(/\r?\n/).filter((line) => line.trim() !== '');
const columns = cellsOf(header);
const at = (name) => {
  const index = columns.indexOf(name);
  if (index < 0) throw new Error(`coluna ${name} ausente`);
  return index;
};
const [code, term, start, end] = [
  at('Código do Termo'),
  at('Termo'),
  at('Data de início de vigência'),
  at('Data de fim de vigência'),
];
const seen = new Set();
const rows = [];
for (const line of lines) {
  const cells = cellsOf(line);
  if (cells.length !== columns.length) throw new Error(`${cells.length} colunas em: ${line}`);
  const row = [cells[code].trim(), cells[term].trim(), isoDate(cells[start].trim()), isoDate(cells[end].trim())];
  if (!/^\d{8}$/.test(row[0])) throw new Error(`código inválido: ${row[0]}`);
  if (row[1] === '') throw new Error(`termo vazio: ${row[0]}`);
  const key = JSON.stringify(row);
  if (seen.has(key)) continue;
  seen.add(key);
  rows.push(row);
}
const out = 'core/billing/tuss/tuss22-procedimentos.json';
writeFileSync(out, `[\n${rows.map((row) => JSON.stringify(row)).join(',\n')}\n]\n`);
console.log(`${rows.length} termos (${rows.filter((row) => row[3]).length} com fim de vigência) em ${out}`);
