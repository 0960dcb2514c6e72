/**
 * The administration area's sections, in the order the screen lists them, with the words its search
 * box finds them by, and who may open the area at all. Pure: the screen and the tests share it.
 */
import { can, type Actor } from '#core/actor.js';
import { searchKey } from '#core/br/text.js';
import type { SetupMessageKey } from './setup.pt-BR.js';

/** The sections, in screen order. */
export const ADMIN_SECTIONS = [
  'clinic',
  'professionals',
  'procedures',
  'insurances',
  'specialties',
  'users',
  'installations',
  'apiKeys',
  'whatsapp',
  'account',
] as const;
/** One of {@link ADMIN_SECTIONS}. */
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/**
 * Words beyond a section's title and hint that a person types looking for it (pt-BR, as typed at
 * the desk; the search ignores accents and case).
 */
const KEYWORDS: Record<AdminSection, readonly string[]> = {
  clinic: [
    'clínica',
    'cnpj',
    'endereço',
    'fuso',
    'horário',
    'funcionamento',
    'abertura',
    'expediente',
    'unidade',
    'local',
    'sala',
    'guichê',
    'senha',
    'fila',
  ],
  professionals: ['profissional', 'médico', 'dentista', 'agenda', 'horário', 'trabalho', 'duração', 'retorno'],
  users: ['usuário', 'papel', 'perfil', 'acesso', 'convite', 'recepção', 'administrador', 'desativar'],
  procedures: ['procedimento', 'evento', 'preço', 'tabela', 'valor', 'exame', 'consulta'],
  insurances: ['convênio', 'operadora', 'plano', 'ans', 'tiss', 'guia', 'prestador', 'retorno'],
  specialties: ['especialidade', 'cbo', 'conselho', 'crm', 'cro', 'ocupação'],
  installations: ['instalação', 'estação', 'computador', 'totem', 'código', 'qr', 'conectar', 'revogar'],
  apiKeys: ['chave', 'api', 'integração', 'token', 'segredo', 'revogar'],
  whatsapp: ['whatsapp', 'instância', 'celular', 'mensagem', 'pareamento'],
  account: ['conta', 'fuso', 'idioma', 'offline', 'sem conexão', 'padrão', 'duração'],
};

/** The title and hint keys of `section`. */
export function sectionTexts(section: AdminSection): { title: SetupMessageKey; hint: SetupMessageKey } {
  return { title: `admin.section.${section}`, hint: `admin.section.${section}.hint` };
}

/**
 * The sections a search shows: every word of `query` must start a word of the section's title,
 * hint (both as `translate` gives them) or keywords; accents and case do not matter. An empty query
 * shows them all.
 *
 * @example filterSections('horario', t) // ['clinic', 'professionals']
 */
export function filterSections(query: string, translate: (key: SetupMessageKey) => string): AdminSection[] {
  const words = searchKey(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...ADMIN_SECTIONS];
  return ADMIN_SECTIONS.filter((section) => {
    const { title, hint } = sectionTexts(section);
    const haystack = searchKey([translate(title), translate(hint), ...KEYWORDS[section]].join(' '))
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    return words.every((word) => haystack.some((w) => w.startsWith(word)));
  });
}

/**
 * True when `actor` may open the administration area: it changes the clinic's set-up
 * (`clinic:write`, held by admins only). Reception and professionals neither see the entry nor
 * open the area by any other path.
 */
export function canAdminister(actor: Pick<Actor, 'permissions'>): boolean {
  return can(actor as Actor, 'clinic:write');
}
