/**
 * dm_UF of TISS 4.01.00 (TUSS terminology 59): a council's state goes as its IBGE code, not its
 * acronym (`SP` → `35`).
 */
const IBGE: Readonly<Record<string, string>> = {
  RO: '11', AC: '12', AM: '13', RR: '14', PA: '15', AP: '16', TO: '17',
  MA: '21', PI: '22', CE: '23', RN: '24', PB: '25', PE: '26', AL: '27', SE: '28', BA: '29',
  MG: '31', ES: '32', RJ: '33', SP: '35',
  PR: '41', SC: '42', RS: '43',
  MS: '50', MT: '51', GO: '52', DF: '53',
}; // prettier-ignore

/** The IBGE code of a state acronym, or undefined for an unknown one. */
export function stateCode(acronym: string): string | undefined {
  return IBGE[acronym.toUpperCase()];
}
