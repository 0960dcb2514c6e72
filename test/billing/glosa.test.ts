/**
 * Refusals (glosas): an operator's account analysis statement, itself valid against the ANS 4.01.00
 * schemas, is read guide by guide and item by item; the appeal written from it validates against the
 * same schemas and its epilogue hash is recomputed here from the document's text (item 115).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readAnalysisStatements } from '../../core/billing/tiss/analysis-statement.js';
import { writeAppealMessage } from '../../core/billing/tiss/appeal.js';
import { validateTissMessage } from '../../core/billing/tiss/schema-validator.js';

/** An operator's statement: batch 42, protocol 998877; guide 1 paid, guide 2 with one item refused. */
export const STATEMENT = `<?xml version="1.0" encoding="ISO-8859-1"?>
<ans:mensagemTISS xmlns:ans="http://www.ans.gov.br/padroes/tiss/schemas">
  <ans:cabecalho>
    <ans:identificacaoTransacao>
      <ans:tipoTransacao>DEMONSTRATIVO_ANALISE_CONTA</ans:tipoTransacao>
      <ans:sequencialTransacao>5001</ans:sequencialTransacao>
      <ans:dataRegistroTransacao>2026-12-10</ans:dataRegistroTransacao>
      <ans:horaRegistroTransacao>08:30:00</ans:horaRegistroTransacao>
    </ans:identificacaoTransacao>
    <ans:origem><ans:registroANS>123456</ans:registroANS></ans:origem>
    <ans:destino><ans:identificacaoPrestador><ans:codigoPrestadorNaOperadora>PREST001</ans:codigoPrestadorNaOperadora></ans:identificacaoPrestador></ans:destino>
    <ans:Padrao>4.01.00</ans:Padrao>
  </ans:cabecalho>
  <ans:operadoraParaPrestador>
    <ans:demonstrativosRetorno>
      <ans:demonstrativoAnaliseConta>
        <ans:cabecalhoDemonstrativo>
          <ans:registroANS>123456</ans:registroANS>
          <ans:numeroDemonstrativo>D2026120001</ans:numeroDemonstrativo>
          <ans:nomeOperadora>Saúde Exemplo</ans:nomeOperadora>
          <ans:numeroCNPJ>11222333000181</ans:numeroCNPJ>
          <ans:dataEmissao>2026-12-10</ans:dataEmissao>
        </ans:cabecalhoDemonstrativo>
        <ans:dadosPrestador>
          <ans:dadosContratado><ans:codigoPrestadorNaOperadora>PREST001</ans:codigoPrestadorNaOperadora></ans:dadosContratado>
          <ans:CNES>1234567</ans:CNES>
        </ans:dadosPrestador>
        <ans:dadosConta>
          <ans:dadosProtocolo>
            <ans:numeroLotePrestador>42</ans:numeroLotePrestador>
            <ans:numeroProtocolo>998877</ans:numeroProtocolo>
            <ans:dataProtocolo>2026-11-24</ans:dataProtocolo>
            <ans:situacaoProtocolo>3</ans:situacaoProtocolo>
            <ans:relacaoGuias>
              <ans:numeroGuiaPrestador>1</ans:numeroGuiaPrestador>
              <ans:numeroCarteira>0012345678901</ans:numeroCarteira>
              <ans:dataInicioFat>2026-11-20</ans:dataInicioFat>
              <ans:situacaoGuia>3</ans:situacaoGuia>
              <ans:valorInformadoGuia>150.00</ans:valorInformadoGuia>
              <ans:valorProcessadoGuia>150.00</ans:valorProcessadoGuia>
              <ans:valorLiberadoGuia>150.00</ans:valorLiberadoGuia>
            </ans:relacaoGuias>
            <ans:relacaoGuias>
              <ans:numeroGuiaPrestador>2</ans:numeroGuiaPrestador>
              <ans:numeroGuiaOperadora>OP778</ans:numeroGuiaOperadora>
              <ans:numeroCarteira>0012345678902</ans:numeroCarteira>
              <ans:dataInicioFat>2026-11-20</ans:dataInicioFat>
              <ans:situacaoGuia>3</ans:situacaoGuia>
              <ans:detalhesGuia>
                <ans:sequencialItem>1</ans:sequencialItem>
                <ans:dataRealizacao>2026-11-20</ans:dataRealizacao>
                <ans:procedimento>
                  <ans:codigoTabela>22</ans:codigoTabela>
                  <ans:codigoProcedimento>40101010</ans:codigoProcedimento>
                  <ans:descricaoProcedimento>Eletrocardiograma convencional</ans:descricaoProcedimento>
                </ans:procedimento>
                <ans:valorInformado>45.90</ans:valorInformado>
                <ans:qtdExecutada>1.0000</ans:qtdExecutada>
                <ans:valorProcessado>45.90</ans:valorProcessado>
                <ans:valorLiberado>0.00</ans:valorLiberado>
                <ans:relacaoGlosa><ans:valorGlosa>45.90</ans:valorGlosa><ans:tipoGlosa>1801</ans:tipoGlosa></ans:relacaoGlosa>
              </ans:detalhesGuia>
              <ans:valorInformadoGuia>45.90</ans:valorInformadoGuia>
              <ans:valorProcessadoGuia>45.90</ans:valorProcessadoGuia>
              <ans:valorLiberadoGuia>0.00</ans:valorLiberadoGuia>
              <ans:valorGlosaGuia>45.90</ans:valorGlosaGuia>
            </ans:relacaoGuias>
            <ans:valorInformadoProtocolo>195.90</ans:valorInformadoProtocolo>
            <ans:valorProcessadoProtocolo>195.90</ans:valorProcessadoProtocolo>
            <ans:valorLiberadoProtocolo>150.00</ans:valorLiberadoProtocolo>
            <ans:valorGlosaProtocolo>45.90</ans:valorGlosaProtocolo>
          </ans:dadosProtocolo>
        </ans:dadosConta>
        <ans:valorInformadoGeral>195.90</ans:valorInformadoGeral>
        <ans:valorProcessadoGeral>195.90</ans:valorProcessadoGeral>
        <ans:valorLiberadoGeral>150.00</ans:valorLiberadoGeral>
        <ans:valorGlosaGeral>45.90</ans:valorGlosaGeral>
      </ans:demonstrativoAnaliseConta>
    </ans:demonstrativosRetorno>
  </ans:operadoraParaPrestador>
  <ans:epilogo><ans:hash>00000000000000000000000000000000</ans:hash></ans:epilogo>
</ans:mensagemTISS>`;

function independentHash(xml: string): string {
  const body = xml.replace(/^<\?xml[^>]*\?>/, '').replace(/<ans:epilogo>.*<\/ans:epilogo>/s, '');
  const text = body
    .split(/<[^>]+>/)
    .join('')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
  return createHash('md5').update(Buffer.from(text, 'latin1')).digest('hex');
}

describe('glosas', () => {
  it('reads the analysis statement guide by guide and item by item', async () => {
    expect(await validateTissMessage(Buffer.from(STATEMENT, 'latin1'), '4.01.00')).toEqual([]);
    const [protocol, ...rest] = readAnalysisStatements(STATEMENT);
    expect(rest).toEqual([]);
    expect(protocol).toMatchObject({ batchNumber: '42', protocol: '998877', protocolDate: '2026-11-24', status: '3' });
    expect(protocol!.guides).toEqual([
      { guideNumber: '1', status: '3', glosas: [], items: [], informedCentavos: 15000, releasedCentavos: 15000 },
      {
        guideNumber: '2',
        operatorGuideNumber: 'OP778',
        status: '3',
        glosas: [],
        informedCentavos: 4590,
        releasedCentavos: 0,
        items: [
          {
            sequence: 1,
            date: '2026-11-20',
            table: '22',
            code: '40101010',
            description: 'Eletrocardiograma convencional',
            informedCentavos: 4590,
            releasedCentavos: 0,
            glosas: [{ code: '1801', centavos: 4590 }],
          },
        ],
      },
    ]);
  });

  it('refuses a file that is no analysis statement', () => {
    expect(() => readAnalysisStatements('<a><b></a>')).toThrow(/demonstrativo/);
    expect(() => readAnalysisStatements('<?xml version="1.0"?><x/>')).toThrow(/demonstrativo/);
  });

  it('writes an appeal valid against the ANS schemas, with the hash of item 115', async () => {
    const guide = readAnalysisStatements(STATEMENT)[0]!.guides[1]!;
    const item = guide.items[0]!;
    const message = writeAppealMessage({
      version: '4.01.00',
      appealNumber: '7',
      transactionNumber: '7',
      day: '2026-12-11',
      time: '10:00:00',
      ansRegistry: '123456',
      operatorName: 'Saúde Exemplo',
      provider: { providerCode: 'PREST001', cnes: '1234567', name: 'Clínica São João' },
      batchNumber: '42',
      protocol: '998877',
      totalCentavos: item.glosas[0]!.centavos!,
      guides: [
        {
          guideNumber: guide.guideNumber,
          operatorGuideNumber: guide.operatorGuideNumber,
          items: [
            {
              sequence: item.sequence,
              date: item.date,
              table: item.table,
              code: item.code,
              description: item.description,
              glosaCode: item.glosas[0]!.code,
              centavos: item.glosas[0]!.centavos!,
              justification: 'Exame solicitado na consulta – laudo anexo; cobertura contratual do plano',
            },
          ],
        },
      ],
    });
    expect(await validateTissMessage(message.bytes, '4.01.00')).toEqual([]);
    expect(message.xml).toContain('<ans:tipoTransacao>RECURSO_GLOSA</ans:tipoTransacao>');
    expect(message.xml).toContain('<ans:valorRecursado>45.90</ans:valorRecursado>');
    expect(message.xml).not.toMatch(/>\s+</);
    expect(message.hash).toBe(independentHash(message.xml));
  });
});
