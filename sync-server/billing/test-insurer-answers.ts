/**
 * What the local insurer double (test-insurer.ts) answers by default, per request root: the body of
 * each WSDL's answer document (after the header, before the hash), valid against the ANS 4.01.00
 * web-service schemas (checked in test/billing/soap-insurer-services.int.test.ts).
 */

/** An answer body: the element after the header (without the `ans:` root, header or hash). */
export type InsurerAnswers = Record<string, { root: string; transaction: string; inner: string }>;

const PROVIDER =
  '<ans:dadosPrestador><ans:codigoPrestadorNaOperadora>PREST001</ans:codigoPrestadorNaOperadora></ans:dadosPrestador>';

/** The default answers, one per request root. */
export const DEFAULT_ANSWERS: InsurerAnswers = {
  loteGuiasWS: {
    root: 'protocoloRecebimentoWS',
    transaction: 'PROTOCOLO_RECEBIMENTO',
    inner:
      `<ans:recebimentoLote><ans:protocoloRecebimento><ans:registroANS>123456</ans:registroANS>${PROVIDER}` +
      '<ans:numeroLote>1</ans:numeroLote><ans:dataEnvioLote>2026-11-24</ans:dataEnvioLote><ans:detalheProtocolo>' +
      '<ans:numeroProtocolo>202611240001</ans:numeroProtocolo><ans:valorTotalProtocolo>180.50</ans:valorTotalProtocolo>' +
      '<ans:dadosGuiasProtocolo><ans:dadosGuias><ans:numeroGuiaPrestador>1</ans:numeroGuiaPrestador><ans:dadosBeneficiario>' +
      '<ans:numeroCarteira>99887766</ans:numeroCarteira><ans:atendimentoRN>N</ans:atendimentoRN></ans:dadosBeneficiario>' +
      '</ans:dadosGuias></ans:dadosGuiasProtocolo></ans:detalheProtocolo></ans:protocoloRecebimento></ans:recebimentoLote>',
  },
  solicitacaoStatusProtocoloWS: {
    root: 'situacaoProtocoloWS',
    transaction: 'SITUACAO_PROTOCOLO',
    inner:
      '<ans:situacaoProtocolo><ans:situacaoDoProtocolo><ans:identificacaoOperadora>123456</ans:identificacaoOperadora>' +
      `${PROVIDER}<ans:lote><ans:detalheLote><ans:statusProtocolo>6</ans:statusProtocolo>` +
      '<ans:numeroProtocolo>202611240001</ans:numeroProtocolo><ans:numeroLote>1</ans:numeroLote>' +
      '<ans:dataEnvioLote>2026-11-24</ans:dataEnvioLote><ans:valorTotalLote><ans:valorProcessado>180.50</ans:valorProcessado>' +
      '<ans:valorGlosa>30.50</ans:valorGlosa><ans:valorLiberado>150.00</ans:valorLiberado></ans:valorTotalLote>' +
      '<ans:guiasTISS><ans:guiasMedicas><ans:guias><ans:numeroGuiaPrestador>1</ans:numeroGuiaPrestador>' +
      '<ans:dadosBeneficiario><ans:numeroCarteira>99887766</ans:numeroCarteira><ans:atendimentoRN>N</ans:atendimentoRN>' +
      '</ans:dadosBeneficiario></ans:guias></ans:guiasMedicas></ans:guiasTISS></ans:detalheLote></ans:lote>' +
      '</ans:situacaoDoProtocolo></ans:situacaoProtocolo>',
  },
  pedidoElegibilidadeWS: {
    root: 'respostaElegibilidadeWS',
    transaction: 'SITUACAO_ELEGIBILIDADE',
    inner:
      '<ans:respostaElegibilidade><ans:reciboElegibilidade><ans:registroANS>123456</ans:registroANS>' +
      '<ans:numeroCarteira>0012345678901</ans:numeroCarteira><ans:validadeCarteira>2027-12-31</ans:validadeCarteira>' +
      '<ans:nomeBeneficiario>MARIA DA SILVA</ans:nomeBeneficiario><ans:respostaSolicitacao>S</ans:respostaSolicitacao>' +
      '</ans:reciboElegibilidade></ans:respostaElegibilidade>',
  },
  solicitacaoStatusAutorizacaoWS: {
    root: 'situacaoAutorizacaoWS',
    transaction: 'STATUS_AUTORIZACAO',
    inner:
      '<ans:situacaoAutorizacao><ans:autorizacaoServico><ans:dadosAutorizacao>' +
      '<ans:numeroGuiaPrestador>41</ans:numeroGuiaPrestador><ans:numeroGuiaOperadora>OP41</ans:numeroGuiaOperadora>' +
      '<ans:dataAutorizacao>2026-11-27</ans:dataAutorizacao><ans:senha>SENHA4142</ans:senha>' +
      '<ans:dataValidadeSenha>2026-12-27</ans:dataValidadeSenha></ans:dadosAutorizacao>' +
      '<ans:tipoEtapaAutorizacao>1</ans:tipoEtapaAutorizacao><ans:dadosBeneficiario>' +
      '<ans:numeroCarteira>0012345678901</ans:numeroCarteira><ans:atendimentoRN>N</ans:atendimentoRN></ans:dadosBeneficiario>' +
      '<ans:nomeBeneficiario>MARIA DA SILVA</ans:nomeBeneficiario><ans:statusSolicitacao>1</ans:statusSolicitacao>' +
      '</ans:autorizacaoServico></ans:situacaoAutorizacao>',
  },
  loteRecursoGlosaWS: {
    root: 'protocoloRecebimentoRecursoWS',
    transaction: 'RECEBIMENTO_RECURSO_GLOSA',
    inner:
      '<ans:recebimentoRecurso><ans:protocoloRecebimento><ans:nrProtocoloRecursoGlosa>RG2026000001</ans:nrProtocoloRecursoGlosa>' +
      '<ans:dataEnvioRecurso>2026-11-27</ans:dataEnvioRecurso><ans:dataRecebimentoRecurso>2026-11-27</ans:dataRecebimentoRecurso>' +
      `<ans:numeroLote>7</ans:numeroLote><ans:registroANS>123456</ans:registroANS>${PROVIDER}` +
      '<ans:nrProtocoloRecursado>202611230001</ans:nrProtocoloRecursado><ans:valorTotalRecursado>30.50</ans:valorTotalRecursado>' +
      '</ans:protocoloRecebimento></ans:recebimentoRecurso>',
  },
  solicitacaoProcedimentoWS: {
    root: 'autorizacaoProcedimentoWS',
    transaction: 'RESPOSTA_SOLICITACAO',
    inner:
      '<ans:autorizacaoProcedimento><ans:autorizacaoServico><ans:dadosAutorizacao>' +
      '<ans:numeroGuiaPrestador>41</ans:numeroGuiaPrestador><ans:numeroGuiaOperadora>OP41</ans:numeroGuiaOperadora>' +
      '<ans:dataAutorizacao>2026-11-27</ans:dataAutorizacao><ans:senha>SENHA4142</ans:senha>' +
      '<ans:dataValidadeSenha>2026-12-27</ans:dataValidadeSenha></ans:dadosAutorizacao>' +
      '<ans:tipoEtapaAutorizacao>1</ans:tipoEtapaAutorizacao><ans:dadosBeneficiario>' +
      '<ans:numeroCarteira>0012345678901</ans:numeroCarteira><ans:atendimentoRN>N</ans:atendimentoRN></ans:dadosBeneficiario>' +
      '<ans:nomeBeneficiario>MARIA DA SILVA</ans:nomeBeneficiario><ans:statusSolicitacao>2</ans:statusSolicitacao>' +
      '</ans:autorizacaoServico></ans:autorizacaoProcedimento>',
  },
  cancelaGuiaWS: {
    root: 'reciboCancelaGuiaWS',
    transaction: 'CANCELAMENTO_GUIA_RECIBO',
    inner:
      `<ans:reciboCancelaGuia><ans:reciboCancelaGuia><ans:registroANS>123456</ans:registroANS>${PROVIDER}` +
      '<ans:retornoStatus><ans:guiasCanceladas><ans:dadosGuia><ans:tipoGuia>1</ans:tipoGuia>' +
      '<ans:numeroGuiaPrestador>41</ans:numeroGuiaPrestador><ans:numeroGuiaOperadora>OP41</ans:numeroGuiaOperadora>' +
      '<ans:statusCancelamento>1</ans:statusCancelamento></ans:dadosGuia></ans:guiasCanceladas></ans:retornoStatus>' +
      '</ans:reciboCancelaGuia></ans:reciboCancelaGuia>',
  },
  solicitacaoStatusRecursoGlosaWS: {
    root: 'situacaoProtocoloRecursoWS',
    transaction: 'RESPOSTA_RECURSO_GLOSA',
    inner:
      '<ans:situacaoProtocoloRecurso><ans:reciboGlosaStatus><ans:nrProtocoloRecursoGlosa>RG2026000001</ans:nrProtocoloRecursoGlosa>' +
      '<ans:dataEnvioRecurso>2026-11-27</ans:dataEnvioRecurso><ans:dataRecebimentoRecurso>2026-11-27</ans:dataRecebimentoRecurso>' +
      `<ans:numeroLote>7</ans:numeroLote><ans:registroANS>123456</ans:registroANS>${PROVIDER}` +
      '<ans:nrProtocoloSituacaoRecursoGlosa>RS0001</ans:nrProtocoloSituacaoRecursoGlosa>' +
      '<ans:dataSituacao>2026-11-28</ans:dataSituacao><ans:situacaoProtocolo>2</ans:situacaoProtocolo>' +
      '</ans:reciboGlosaStatus></ans:situacaoProtocoloRecurso>',
  },
};
