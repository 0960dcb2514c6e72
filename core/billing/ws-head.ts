/**
 * The header of a web-service call to an insurer (tiss/ws-requests.ts `WsHead`) from the account's
 * records: the insurance's ANS registry and provider code, the clinic's CNPJ, the TISS version of the
 * insurer's connection, the clinic's wall clock (TISS dates carry no offset) and the provider's login.
 */
import { clinics } from '#core/clinic/clinic-record.js';
import type { Clock } from '#core/clock.js';
import { requireRecord } from '#core/common/records.js';
import { DomainError } from '#core/errors.js';
import { insurances } from '#core/insurance/insurance-record.js';
import type { Store } from '#core/store/port.js';
import type { WsHead } from './tiss/ws-requests.js';

/** Where a call goes and as whom (the server's connection settings, decrypted for one call). */
export interface InsurerConnection {
  /** URL of each WSDL service, by service name (`tissVerificaElegibilidade`…). */
  endpoint(service: string): string;
  version: string;
  login?: { login: string; password: string } | undefined;
}

/**
 * The header for a call about `insuranceId` from `clinicId` (the first clinic when not given).
 * @throws DomainError `not_found` for an unknown insurance; `validation` when it has no ANS registry
 *   or neither a provider code nor a clinic CNPJ.
 */
export async function wsHeadOf(
  store: Store,
  clock: Clock,
  insuranceId: string,
  connection: InsurerConnection,
  clinicId?: string,
): Promise<WsHead> {
  const insurance = await requireRecord(store.collection(insurances), insuranceId, 'Convênio', 'insurance');
  const clinic = clinicId
    ? await requireRecord(store.collection(clinics), clinicId, 'Clínica', 'clinic')
    : (await store.collection(clinics).find({ limit: 1 }))[0];
  if (!insurance.ansRegistry)
    throw new DomainError('validation', 'Convênio sem registro ANS', [
      { path: 'insurance', message: 'informe o registro ANS no cadastro do convênio' },
    ]);
  if (!insurance.providerCode && !clinic?.cnpj)
    throw new DomainError('validation', 'Sem identificação do prestador', [
      { path: 'insurance', message: 'informe o código do prestador no convênio ou o CNPJ da clínica' },
    ]);
  const local = clock
    .now()
    .toLocaleString('sv-SE', { timeZone: clinic?.timeZone ?? 'America/Sao_Paulo', hour12: false });
  return {
    version: connection.version,
    // sequencialTransacao (st_texto12): the clock's milliseconds, unique enough per provider.
    transactionNumber: String(clock.now().getTime()).slice(-12),
    day: local.slice(0, 10),
    time: local.slice(11, 19),
    ansRegistry: insurance.ansRegistry,
    provider: { providerCode: insurance.providerCode, cnpj: clinic?.cnpj },
    ...(connection.login ? { login: connection.login } : {}),
  };
}
