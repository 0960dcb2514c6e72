/** Brazilian Portuguese texts: the reference dictionary, every other language must have the same keys. */
export const ptBR = {
  'app.name': 'Clinic',
  'nav.label': 'Navegação principal',
  'nav.agenda': 'Agenda',
  'nav.patients': 'Pacientes',
  'nav.budgets': 'Orçamentos',
  'nav.settings': 'Configurações',
  'section.placeholder': 'Esta área ainda está em construção.',
  'status.checking': 'Servidor: verificando…',
  'status.online': 'Servidor: conectado',
  'status.offline': 'Servidor: offline — trabalhando localmente',
  'footer.desktop': 'Aplicativo {version}',
  'footer.web': 'Versão web',
} as const;

/** A text key; adding a key here forces it into every other dictionary. */
export type MessageKey = keyof typeof ptBR;
