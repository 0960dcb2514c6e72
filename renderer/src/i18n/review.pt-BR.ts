/** Brazilian Portuguese texts of the "Conflitos e recusas" screen (the reference for review.en.ts). */
export const reviewPtBR = {
  'review.nav': 'Conflitos e recusas',
  'review.intro': 'Alterações que o servidor não pôde juntar. Nada foi perdido: compare as versões e decida qual fica.',
  'review.loading': 'Carregando a lista…',
  'review.loadFailed': 'Não foi possível ler a lista do servidor (sem conexão?).',
  'review.retry': 'Tentar de novo',
  'review.empty': 'Nenhum conflito ou recusa para revisar. Está tudo sincronizado.',
  'review.demo': 'Esta estação de demonstração não sincroniza com um servidor.',
  'review.kind.conflict': 'Conflito',
  'review.kind.rejection': 'Recusa',
  'review.when': 'Em {{when}}',
  'review.desk': 'Estação: {{name}}',
  'review.thisDesk': '{{name}} (esta estação)',
  'review.unknownDesk': 'estação removida',
  'review.reasons': 'Motivo informado pelo servidor',
  'review.field': 'Campo',
  'review.mine': 'Versão da estação',
  'review.server': 'Versão do servidor',
  'review.serverNone': 'Não há outra versão no servidor: abaixo, o que a estação enviou.',
  'review.noDifference': 'As versões não diferem nos dados (só em registros de controle).',
  'review.keepServer': 'Manter a versão do servidor',
  'review.applyMine': 'Aplicar a versão da estação',
  'review.confirmKeepTitle': 'Manter a versão do servidor?',
  'review.confirmKeep': 'A versão da estação será descartada e a do servidor continua valendo.',
  'review.confirmApplyTitle': 'Aplicar a versão da estação?',
  'review.confirmApply':
    'A versão da estação será gravada no servidor por cima da atual, passando pelas mesmas validações.',
  'review.confirm': 'Confirmar',
  'review.cancel': 'Cancelar',
  'review.refused': 'O servidor recusou de novo: {{message}}',
  'review.failed': 'Não foi possível resolver agora (sem conexão?). Tente de novo.',
  'review.resolved': 'Resolvido: {{collection}}.',
};

/** A key of the review screen's texts. */
export type ReviewMessageKey = keyof typeof reviewPtBR;
