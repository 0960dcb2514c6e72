/** Brazilian Portuguese texts of the prontuário's Laudos tab (the reference for reports.en.ts). */
export const reportsPtBR = {
  'reports.tab': 'Laudos',
  'reports.title': 'Laudos do atendimento',
  'reports.needsServer': 'Os laudos ficam no servidor: conecte-se a ele para escrever, imprimir ou compartilhar.',
  'reports.new': 'Novo laudo',
  'reports.editing': 'Alterando o laudo',
  'reports.fieldTitle': 'Título do laudo',
  'reports.fieldText': 'Texto do laudo',
  'reports.save': 'Salvar laudo',
  'reports.saveHint': 'Ctrl+Enter salva',
  'reports.cancel': 'Cancelar alteração',
  'reports.saved': 'Laudo “{{title}}” salvo.',
  'reports.deleted': 'Laudo “{{title}}” excluído.',
  'reports.empty': 'Nenhum laudo neste atendimento.',
  'reports.savedAt': 'salvo em {{at}}',
  'reports.pdf': 'Abrir PDF',
  'reports.edit': 'Alterar',
  'reports.delete': 'Excluir',
  'reports.deleteConfirm': 'Excluir o laudo “{{title}}”?',
  'reports.deleteYes': 'Excluir laudo',
  'reports.keep': 'Manter',
  'reports.finished':
    'Atendimento finalizado: os laudos salvos não mudam mais. Um resultado que chegou depois entra como novo laudo.',
  'reports.share': 'Compartilhar laudos com o paciente',
  'reports.shareCreated':
    'Envie ao paciente o endereço do laudo e a chave: a chave não será mostrada de novo. O link abre também os demais documentos deste atendimento e vale até {{at}}.',
  'reports.link': 'Endereço',
  'reports.key': 'Chave',
} as const;

/** A key of the Laudos tab. */
export type ReportsMessageKey = keyof typeof reportsPtBR;
