/** Brazilian Portuguese texts of the prontuário's Documentos panel (the reference for documents.en.ts). */
export const documentsPtBR = {
  'documents.title': 'Documentos',
  'documents.needsServer': 'Os documentos são gerados pelo servidor: conecte-se a ele para imprimir ou compartilhar.',
  'documents.receita': 'Receita simples',
  'documents.receitaControleEspecial': 'Receita de controle especial',
  'documents.atestado': 'Atestado',
  'documents.pedidoExame': 'Pedido de exames',
  'documents.cid': 'Incluir o CID-10 no atestado (o paciente autorizou)',
  'documents.share': 'Compartilhar com o paciente',
  'documents.shareDays': 'Validade (dias)',
  'documents.shareCreated': 'Envie ao paciente o endereço e a chave. A chave não será mostrada de novo.',
  'documents.shareUrl': 'Endereço',
  'documents.shareKey': 'Chave',
  'documents.shareExpires': 'Válido até {{at}}',
  'documents.shares': 'Compartilhamentos',
  'documents.revoke': 'Revogar',
  'documents.status.active': 'ativo',
  'documents.status.pending': 'aguardando aceite',
  'documents.status.accepted': 'aceito',
  'documents.status.revoked': 'revogado',
  'documents.status.expired': 'expirado',
  'documents.kind.patient': 'Paciente',
  'documents.kind.professional': 'Profissional',
} as const;

/** A key of the Documentos panel. */
export type DocumentsMessageKey = keyof typeof documentsPtBR;
