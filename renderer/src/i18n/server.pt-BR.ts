/**
 * Brazilian Portuguese texts of the desk's server address (login and Configurações) and of the shared
 * inputs (date, time, password), the reference for server.en.ts.
 */
export const serverPtBR = {
  'server.address': 'Endereço do servidor',
  'server.addressHelp': 'O computador da clínica onde o servidor Clinic roda, como http://192.168.0.10:3000.',
  'server.current': 'Servidor: {{url}}',
  'server.change': 'Alterar servidor',
  'server.keep': 'Manter o atual',
  'server.saveAndTest': 'Testar e salvar',
  'server.testing': 'Testando o servidor…',
  'server.invalid': 'Informe o endereço do servidor, como http://192.168.0.10:3000.',
  'server.unreachable':
    'Nenhum servidor respondeu em {{url}}. Confira o endereço e a porta, a rede e se o servidor está ligado.',
  'server.notClinic': 'O endereço {{url}} respondeu, mas não é um servidor Clinic. Confira o endereço e a porta.',
  'server.unavailable':
    'O servidor Clinic em {{url}} respondeu, mas está sem acesso ao banco de dados. Avise o responsável pelo servidor.',
  'server.saved': 'Servidor alterado para {{url}}.',
  'server.settingsTitle': 'Servidor da clínica',
  'server.settingsHelp':
    'O endereço que esta estação usa para entrar e sincronizar. O novo endereço é testado antes de ser salvo.',
  // Without the word "senha": tests and screen-reader users find the field by "Senha", and a button
  // named "…a senha" would answer too.
  'input.togglePassword': 'Mostrar ou ocultar os caracteres digitados',
  'input.datePlaceholder': 'dd/mm/aaaa',
  'input.dateInvalid': 'Data inválida: use dd/mm/aaaa',
  'input.timePlaceholder': 'hh:mm',
  'input.timeInvalid': 'Hora inválida: use hh:mm (24 horas)',
};

export type ServerMessageKey = keyof typeof serverPtBR;
