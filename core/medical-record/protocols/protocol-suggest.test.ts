import { describe, expect, it } from 'vitest';
import { protocolCodes } from './protocol-library.js';
import { codeMatch, phraseMatches, suggestProtocols } from './protocol-suggest.js';
import { SEED_PROTOCOLS } from './seed-protocols.js';

const none = { cid10: [], symptoms: [], illnesses: [] };

describe('suggested protocols (MED-042)', () => {
  it('matches phrases ignoring accents, case and punctuation, as whole words', () => {
    expect(phraseMatches('Dor retro orbitaria', 'dor retro-orbitária')).toBe(true);
    expect(phraseMatches('CEFALÉIA', 'cefaleia')).toBe(true);
    expect(phraseMatches('diabetes', 'Diabetes mellitus tipo 2')).toBe(true);
    expect(phraseMatches('dor', 'tontura')).toBe(false);
    expect(phraseMatches('febr', 'febre')).toBe(false);
    expect(phraseMatches('', 'febre')).toBe(false);
  });

  it('tells an exact CID-10 code from one of the same category', () => {
    expect(codeMatch('i10', 'I10')).toBe('exact');
    expect(codeMatch('E11.9', 'E11')).toBe('category');
    expect(codeMatch('E11', 'E11.9')).toBe('category');
    expect(codeMatch('E10.9', 'E11')).toBeUndefined();
  });

  it('ranks the shipped protocols by code, illness and symptoms', () => {
    const dengue = suggestProtocols(SEED_PROTOCOLS, { ...none, cid10: ['A90'], symptoms: ['febre', 'Cefaléia'] });
    // Hypertension lists headache too: suggested, below.
    expect(dengue.map((s) => [s.protocol.cid10[0], s.score])).toEqual([
      ['A90', 6 + 1 + 1],
      ['I10', 1],
    ]);
    expect(dengue[0]!.matches).toContainEqual({ kind: 'symptom', asked: 'Cefaléia', matched: 'cefaleia' });

    // Cefaleia is in both hypertension and dengue; the illness decides the order.
    const headache = suggestProtocols(SEED_PROTOCOLS, { ...none, symptoms: ['cefaleia'], illnesses: ['pressão alta'] });
    expect(headache.map((s) => s.protocol.cid10[0])).toEqual(['I10', 'A90']);

    const diabetes = suggestProtocols(SEED_PROTOCOLS, { ...none, cid10: ['E11.9'] });
    expect(diabetes.map((s) => [s.protocol.cid10[0], s.score])).toEqual([['E11', 4]]);
    expect(suggestProtocols(SEED_PROTOCOLS, { ...none, symptoms: ['prurido'] })).toEqual([]);
  });

  it('takes CID-10 categories and subcategories the table has, refusing others', async () => {
    expect(await protocolCodes(['e11', 'e11.9', 'I10'])).toEqual(['E11', 'E11.9', 'I10']);
    await expect(protocolCodes(['E11', 'Z99.99'])).rejects.toMatchObject({ details: [{ path: 'cid10.1' }] });
  });

  it('ships protocols with unique ids, known CID-10 codes and a source', async () => {
    expect(new Set(SEED_PROTOCOLS.map((p) => p.id)).size).toBe(SEED_PROTOCOLS.length);
    for (const p of SEED_PROTOCOLS) {
      expect(await protocolCodes(p.cid10)).toEqual(p.cid10);
      expect(p.source).toMatch(/Ministério da Saúde/);
    }
  });
});
