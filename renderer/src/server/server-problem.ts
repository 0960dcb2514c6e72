import type { MessageKey } from '../i18n/index.js';
import type { ServerProblem } from './server-address.js';

/** The sentence the login and settings screens show for each reason an address was not kept. */
export const serverProblemKey: Record<ServerProblem, MessageKey> = {
  invalid: 'server.invalid',
  unreachable: 'server.unreachable',
  notClinic: 'server.notClinic',
  unavailable: 'server.unavailable',
};
