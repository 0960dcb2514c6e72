import type { ServerMessageKey } from './server.pt-BR.js';

/** English texts of the server address and the shared inputs; same keys as server.pt-BR.ts. */
export const serverEn: Record<ServerMessageKey, string> = {
  'server.address': 'Server address',
  'server.addressHelp': "The clinic's computer where the Clinic server runs, such as http://192.168.0.10:3000.",
  'server.current': 'Server: {{url}}',
  'server.change': 'Change server',
  'server.keep': 'Keep the current one',
  'server.saveAndTest': 'Test and save',
  'server.testing': 'Testing the server…',
  'server.invalid': "Enter the server's address, such as http://192.168.0.10:3000.",
  'server.unreachable':
    'No server answered at {{url}}. Check the address and port, the network and that the server is on.',
  'server.notClinic': 'The address {{url}} answered, but it is not a Clinic server. Check the address and port.',
  'server.unavailable':
    'The Clinic server at {{url}} answered, but cannot reach its database. Tell whoever runs the server.',
  'server.saved': 'Server changed to {{url}}.',
  'server.settingsTitle': "The clinic's server",
  'server.settingsHelp':
    'The address this station uses to sign in and sync. A new address is tested before it is saved.',
  'input.togglePassword': 'Show or hide the typed characters',
  'input.datePlaceholder': 'dd/mm/yyyy',
  'input.dateInvalid': 'Invalid date: use dd/mm/yyyy',
  'input.timePlaceholder': 'hh:mm',
  'input.timeInvalid': 'Invalid time: use hh:mm (24 hours)',
};
