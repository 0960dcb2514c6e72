/**
 * The insurer web-service operations the Faturamento screen sends to the server (runOnServer only:
 * sync-server/billing/insurer-ops.ts, where the provider's password stays sealed and the insurer is
 * reached): the TISS connection of an insurer (read without the password, configured) and a
 * beneficiary's eligibility. Inputs carry the server's limits, so a field message shows before sending.
 */
import { z } from 'zod';
import type { Operation } from '#core/operation.js';

const insurance = z.string().min(1);
const connectionInfo = z.object({
  configured: z.boolean(),
  insurance: z.string(),
  baseUrl: z.string().optional(),
  version: z.string().optional(),
  login: z.string().optional(),
  passwordSet: z.boolean(),
  updatedAt: z.string().optional(),
});
const statusInput = z.strictObject({ insurance });
const configureInput = z.strictObject({
  insurance,
  baseUrl: z.url({ protocol: /^https?$/, error: 'endereço http(s) completo, ex.: https://tiss.operadora.com.br/ws' }),
  version: z.string().regex(/^\d\.\d{2}\.\d{2}$/, 'versão TISS no formato 4.01.00'),
  login: z.string().trim().min(1, 'informe o login do prestador').max(20, 'loginPrestador tem até 20 caracteres'),
  password: z.string().min(1).max(32, 'senhaPrestador tem até 32 caracteres').optional(),
});
const eligibilityInput = z.strictObject({
  insurance,
  cardNumber: z.string().trim().min(1).max(20, 'carteira tem até 20 caracteres'),
  clinic: z.string().min(1).optional(),
});
const eligibilityAnswer = z.object({
  answered: z.boolean(),
  eligible: z.boolean().optional(),
  cardNumber: z.string().optional(),
  beneficiaryName: z.string().optional(),
  cardValidity: z.string().optional(),
  refusals: z.array(z.object({ glosaCode: z.string(), description: z.string().optional() })).optional(),
  glosaCode: z.string().optional(),
  description: z.string().optional(),
});

/** `insurance.tiss.integration.status`: `GET /insurance/{insurance}/tiss/integration`. */
export const tissConnectionStatus = {
  name: 'insurance.tiss.integration.status',
  http: { method: 'GET', path: '/insurance/{insurance}/tiss/integration' },
  input: statusInput,
  output: connectionInfo,
} as unknown as Operation<typeof statusInput, typeof connectionInfo>;

/** `insurance.tiss.integration.configure`: `PUT /insurance/{insurance}/tiss/integration`. */
export const configureTissConnection = {
  name: 'insurance.tiss.integration.configure',
  http: { method: 'PUT', path: '/insurance/{insurance}/tiss/integration' },
  input: configureInput,
  output: connectionInfo,
} as unknown as Operation<typeof configureInput, typeof connectionInfo>;

/** `insurance.tiss.eligibility`: `POST /insurance/tiss/eligibility`. */
export const checkEligibility = {
  name: 'insurance.tiss.eligibility',
  http: { method: 'POST', path: '/insurance/tiss/eligibility' },
  input: eligibilityInput,
  output: eligibilityAnswer,
} as unknown as Operation<typeof eligibilityInput, typeof eligibilityAnswer>;

/** A TISS connection as the server shows it (never the password). */
export type TissConnectionInfo = z.infer<typeof connectionInfo>;
/** An eligibility answer. */
export type EligibilityAnswer = z.infer<typeof eligibilityAnswer>;
