/**
 * What the desk benches seed (desk-seed-page.ts writes it, desk-launch.ts and desk-memory.ts read it):
 * 2,000 appointments over 40 days around today (50 a day for the demo's three professionals, a third
 * confirmed), on 180 patients; 60 more patients have no appointment, for the memory bench to book.
 */
export const DESK_SEED_PLAN = {
  appointments: 2000,
  days: 40,
  /** The first seeded day, from today (20 days back, 19 ahead). */
  firstDay: -20,
  /** Every patient created; the first `seededPatients` hold the seeded appointments. */
  patients: 240,
  seededPatients: 180,
  /** Days after today the seed names an appointment of (where the memory bench books). */
  markedDays: 7,
} as const;

const FIRST = [
  'Adriana',
  'Bernardo',
  'Cecília',
  'Diogo',
  'Elaine',
  'Fábio',
  'Giovana',
  'Heitor',
  'Isadora',
  'Jorge',
  'Kátia',
  'Leandro',
  'Mirela',
  'Nelson',
  'Olívia',
  'Renato',
  'Sabrina',
  'Túlio',
  'Vânia',
  'Wagner',
];
const LAST = [
  'Azevedo',
  'Brandão',
  'Cavalcanti',
  'Duarte',
  'Esteves',
  'Figueiredo',
  'Guimarães',
  'Hora',
  'Junqueira',
  'Lacerda',
  'Moraes',
  'Nunes',
];

/** Patient `i`'s name: unique for `i` below 240, and no name is the start of another. */
export function deskPatientName(i: number): string {
  return `${FIRST[i % FIRST.length]!} ${LAST[Math.floor(i / FIRST.length) % LAST.length]!}`;
}

/** What the seeding page answers. */
export interface DeskSeedResult {
  appointments: number;
  /** Today in the clinic's zone (`YYYY-MM-DD`). */
  today: string;
  /** Today's appointments, the demo's included: what the day grid shows at launch. */
  todayCount: number;
  /**
   * For each of the `markedDays` after today, an appointment's grid cell name (`08:00, <professional>:
   * <patient>`): once it shows, the grid holds that day.
   */
  markers: { date: string; cell: string }[];
  /** Time the seeding took in the page, ms. */
  ms: number;
}
