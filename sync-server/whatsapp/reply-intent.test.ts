import { describe, expect, it } from 'vitest';
import { replyIntent } from './reply-intent.js';

describe('reading a patient’s free-text reply to a confirmation request', () => {
  it.each([
    'sim',
    'Sim',
    'SIM!',
    'confirmo',
    'ok 👍',
    '👍',
    '👍🏽',
    'Sim, confirmo',
    'Simmm, confirmado. Obrigada!',
    'Bom dia! Confirmo minha presença',
    'ok, estarei lá',
    'Confirmadíssimo ✅',
  ])('“%s” confirms', (text) => expect(replyIntent(text)).toBe('confirm'));

  it.each([
    'não',
    'Não posso',
    'nao vou',
    'cancelar',
    'Pode cancelar, obrigado',
    'não confirmo',
    'Não posso ir, estou viajando',
    '👎',
  ])('“%s” declines', (text) => expect(replyIntent(text)).toBe('decline'));

  it.each([
    'Sim, mas posso chegar 15 minutos atrasada?',
    'Qual o endereço?',
    'sim, não esqueci de levar os exames',
    'Quem é?',
    'Vou levar meu filho junto, tudo bem',
    'Obrigada',
    'Sim sim sim claro que vou com certeza estarei lá na hora certa',
    '',
  ])('“%s” goes to the reception', (text) => expect(replyIntent(text)).toBe('other'));
});
