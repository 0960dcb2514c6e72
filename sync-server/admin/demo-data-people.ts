/**
 * Generated people for the demo account: names drawn from common Brazilian first names and surnames,
 * combined at random, with CPFs made of random digits completed with valid check digits. Never real
 * people: no record is copied from anywhere, and the same seed always gives the same people, so a
 * demo can be rebuilt identically.
 */
import { cpfWithCheckDigits } from '#core/br/cpf.js';

/** A seeded pseudo-random generator (mulberry32): fast, reproducible, not for secrets. */
export class DemoRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** `n` random decimal digits. */
  digits(n: number): string {
    let out = '';
    for (let i = 0; i < n; i++) out += String(this.int(0, 9));
    return out;
  }
}

const FEMALE = [
  'Maria', 'Ana', 'Francisca', 'Antônia', 'Adriana', 'Juliana', 'Márcia', 'Fernanda', 'Patrícia', 'Aline',
  'Sandra', 'Camila', 'Amanda', 'Bruna', 'Jéssica', 'Letícia', 'Júlia', 'Luciana', 'Vanessa', 'Mariana',
  'Gabriela', 'Beatriz', 'Larissa', 'Helena', 'Alice', 'Laura', 'Valentina', 'Sophia', 'Isabela', 'Lívia',
]; // prettier-ignore
const MALE = [
  'José', 'João', 'Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz', 'Marcos',
  'Luís', 'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe', 'Raimundo', 'Rodrigo',
  'Miguel', 'Arthur', 'Heitor', 'Bernardo', 'Davi', 'Théo', 'Gustavo', 'Matheus', 'Enzo', 'Thiago',
]; // prettier-ignore
const SURNAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
  'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas',
  'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Conceição', 'Moraes', 'Cavalcanti', 'Pinto',
]; // prettier-ignore
const PARTICLES = ['', '', '', 'da ', 'dos ', 'de '];

/** Sex of a generated person, as the patient record takes it. */
export type DemoSex = 'female' | 'male';

/** A generated name: first name (sometimes two), one or two surnames. */
export function demoName(random: DemoRandom, sex: DemoSex): string {
  const firsts = sex === 'female' ? FEMALE : MALE;
  const first = random.chance(0.2) ? `${random.pick(firsts)} ${random.pick(firsts)}` : random.pick(firsts);
  const last = random.chance(0.7)
    ? `${random.pick(SURNAMES)} ${random.pick(PARTICLES)}${random.pick(SURNAMES)}`
    : random.pick(SURNAMES);
  return `${first} ${last}`.replace(/\s+/g, ' ');
}

/** A CPF with valid check digits from random base digits, never one in `taken` nor repeated digits. */
export function demoCpf(random: DemoRandom, taken: Set<string>): string {
  for (;;) {
    const base = random.digits(9);
    if (/^(\d)\1{8}$/.test(base)) continue;
    const cpf = cpfWithCheckDigits(base);
    if (taken.has(cpf)) continue;
    taken.add(cpf);
    return cpf;
  }
}

/**
 * A São Paulo mobile number in the `(11) 90000-xxxx` block, one per person. Demo numbers could
 * belong to someone; the demo account's outbox is never delivered (see docs/decisions/).
 */
export function demoMobile(index: number): string {
  return `(11) 90000-${String(index % 10_000).padStart(4, '0')}`;
}

/** An e-mail on example.com (RFC 2606: reserved, never delivered). */
export function demoEmail(name: string, index: number): string {
  const ascii = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(' ')
    .filter((w) => w.length > 3);
  return `${ascii[0] ?? 'paciente'}.${ascii[ascii.length - 1] ?? 'demo'}.${index}@example.com`;
}

/** A birth date `YYYY-MM-DD` between `fromYear` and `toYear`. */
export function demoBirthDate(random: DemoRandom, fromYear: number, toYear: number): string {
  const year = random.int(fromYear, toYear);
  const month = random.int(1, 12);
  const day = random.int(1, 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
