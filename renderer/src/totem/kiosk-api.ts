/**
 * The totem's and the panel's calls to the clinic's sync server on the LAN, with the totem key in
 * `auth-bearer` (spec §5). Nothing here needs the internet: while the clinic's server answers, the
 * hall keeps working.
 */
import type { KioskConfig } from './kiosk-config.js';

/** An answer other than 2xx, with the server's pt-BR message. */
export class KioskApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** One of today's appointments as the totem may show it. */
export interface TotemAppointment {
  id: string;
  start: string;
  time: string;
  professional: string;
}

/** One of today's appointments already checked in, with the code of its ticket (null: checked in without one). */
export interface CheckedInAppointment extends TotemAppointment {
  ticket: string | null;
}

/** What the totem learns of a CPF and its second factor: nothing (`firstName: null`) unless both match. */
export interface TotemLookup {
  firstName: string | null;
  /** The priority the record proves (age), or null. */
  priorityReason: string | null;
  appointments: TotemAppointment[];
  checkedIn: CheckedInAppointment[];
}

/** A ticket as the totem shows it. */
export interface TotemTicket {
  id: string;
  code: string;
  class: 'normal' | 'priority' | 'super';
  issuedAt: string;
}

/** One call on the panel. */
export interface PanelCall {
  ticket: string;
  code: string;
  place: string;
  placeName: string;
  calledAt: string;
  recalls: number;
}

async function call<T>(config: KioskConfig, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${config.server}${path}`, {
    method,
    headers: {
      'auth-bearer': config.key,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    cache: 'no-store',
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  const json = text ? (JSON.parse(text) as unknown) : {};
  if (!response.ok) {
    const message = (json as { error?: { message?: string } }).error?.message ?? `HTTP ${response.status}`;
    throw new KioskApiError(response.status, message);
  }
  return json as T;
}

/** The clinic's name, for the header. */
export async function clinicName(config: KioskConfig): Promise<string> {
  return (await call<{ name: string }>(config, 'GET', `/clinic/${config.clinic}`)).name;
}

/**
 * `POST /clinic/{id}/totem/lookup`: the first name and today's appointments of a CPF with its second
 * factor (`birthDate`, `yyyy-mm-dd`). The server refuses a totem's tenth attempt in a minute (429).
 */
export function lookup(config: KioskConfig, cpf: string, birthDate: string) {
  return call<TotemLookup>(config, 'POST', `/clinic/${config.clinic}/totem/lookup`, { cpf, birthDate });
}

/** `POST /clinic/{id}/totem/checkIn`: checks an appointment in, or issues a walk-in ticket. */
export function checkIn(
  config: KioskConfig,
  request: { appointment?: string; cpf?: string; birthDate?: string; service?: string; priorityReason?: string },
) {
  return call<{ message: string; firstName: string | null; alreadyCheckedIn: boolean; ticket: TotemTicket }>(
    config,
    'POST',
    `/clinic/${config.clinic}/totem/checkIn`,
    request,
  );
}

/** `POST /clinic/{id}/socket`: a fresh socket identifier and where to connect with it. */
export function openSocket(config: KioskConfig) {
  return call<{ socket: string; path: string; expiresAt: string }>(config, 'POST', `/clinic/${config.clinic}/socket`);
}
