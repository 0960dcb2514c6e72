/**
 * Brazil's IANA time zones as a person picks them: by the place they name (with the states that
 * follow it), the zone id after it, Brasília first. Brazil has had no daylight saving time since
 * 2019, so each zone is one fixed offset.
 */
import { BRAZIL_TIME_ZONES } from './clinic-draft.js';

const PLACES: Record<(typeof BRAZIL_TIME_ZONES)[number], string> = {
  'America/Sao_Paulo': 'Horário de Brasília (SP, RJ, MG, ES, Sul, GO, DF)',
  'America/Bahia': 'Bahia',
  'America/Fortaleza': 'Fortaleza (CE, MA, PI, RN, PB)',
  'America/Recife': 'Recife (PE)',
  'America/Belem': 'Belém (PA, AP)',
  'America/Maceio': 'Maceió (AL, SE)',
  'America/Araguaina': 'Araguaína (TO)',
  'America/Manaus': 'Manaus (AM)',
  'America/Cuiaba': 'Cuiabá (MT)',
  'America/Campo_Grande': 'Campo Grande (MS)',
  'America/Porto_Velho': 'Porto Velho (RO)',
  'America/Boa_Vista': 'Boa Vista (RR)',
  'America/Rio_Branco': 'Rio Branco (AC)',
  'America/Noronha': 'Fernando de Noronha',
};

/**
 * The options of a time zone select: Brazil's zones by place, and `current` first when it is
 * another zone (an account set up elsewhere keeps showing its own).
 */
export function timeZoneOptions(current: string): { value: string; label: string }[] {
  const known = BRAZIL_TIME_ZONES.map((zone) => ({ value: zone, label: `${PLACES[zone]} — ${zone}` }));
  return known.some((o) => o.value === current) ? known : [{ value: current, label: current }, ...known];
}
