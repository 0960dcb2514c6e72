/** How the Faturamento screen writes days and money (pt-BR). */
import { formatDate } from '#core/br/format.js';

/** `2026-11-20` as `20/11/2026`. */
export const brDay = (iso: string): string => formatDate(iso);

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Reais as `R$ 1.234,56`. */
export const brl = (reais: number): string => BRL.format(reais);
