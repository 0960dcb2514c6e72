/**
 * Bench (issue 8): the desk renderer's JavaScript heap after an hour of reception work, compressed to
 * machine speed, in headless Chromium on the seeded demo installation (desk-app.ts). One cycle is what
 * a busy desk does in about three minutes, through the keyboard and mouse as a receptionist would: go
 * to one of the next seven days, book a patient and confirm and check them in, book another and cancel
 * it with a reason, search a patient on the patients screen, visit budgets, review and settings, back
 * to the day. Twenty cycles stand for an hour (40 bookings, 20 confirmations, 20 check-ins, 20
 * cancellations, 20 searches, 100 screen changes, 20 day changes). The heap is read through CDP after
 * forced garbage collections: once after warm-up cycles, then every few cycles, and at the end.
 */
import type { CDPSession, Page } from 'playwright-core';
import { openSeededDesk } from './desk-app.js';
import { DESK_SEED_PLAN, deskPatientName, type DeskSeedResult } from './desk-seed-plan.js';

/** One heap reading. */
export interface HeapSample {
  cycle: number;
  /** Live JavaScript heap after garbage collection, bytes. */
  heapBytes: number;
  /** DOM nodes alive in the renderer (a detached tree that leaks shows here too). */
  nodes: number;
  listeners: number;
}

/** A heap snapshot's bytes: V8's compiled code, and everything else (objects, strings, DOM wrappers). */
export interface HeapBreakdown {
  codeBytes: number;
  otherBytes: number;
}

/** What the bench measured. */
export interface MemoryFigures {
  warmupCycles: number;
  cycles: number;
  samples: HeapSample[];
  /** Heap snapshots after warm-up and at the end. */
  start: HeapBreakdown;
  end: HeapBreakdown;
  /** (end − start) ÷ start of the heap, after warm-up. */
  growth: number;
  /** Wall time of the measured cycles, ms. */
  ms: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Live heap and DOM counts, after collecting garbage twice (the second frees what finalizers released). */
async function readHeap(cdp: CDPSession, cycle: number): Promise<HeapSample> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = await cdp.send('Runtime.getHeapUsage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { cycle, heapBytes: usage.usedSize, nodes: metric('Nodes'), listeners: metric('JSEventListeners') };
}

/**
 * A heap snapshot summed by node type: the JIT's optimised code grows while hot functions tier up (it
 * levels off), the rest is what the app keeps; a leak shows in the second.
 */
async function breakDown(cdp: CDPSession): Promise<HeapBreakdown> {
  const chunks: string[] = [];
  const onChunk = (event: { chunk: string }) => chunks.push(event.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snapshot = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  const code = snapshot.snapshot.meta.node_types[0].indexOf('code');
  const found = { codeBytes: 0, otherBytes: 0 };
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    if (snapshot.nodes[i + typeAt] === code) found.codeBytes += snapshot.nodes[i + sizeAt]!;
    else found.otherBytes += snapshot.nodes[i + sizeAt]!;
  }
  return found;
}

/** The reception's moves on one page (exported for leak hunts that snapshot the heap between cycles). */
export class Reception {
  constructor(
    private readonly page: Page,
    private readonly seed: DeskSeedResult,
  ) {}

  private panel() {
    return this.page.getByTestId('appointment-panel');
  }

  /** From today's schedule, Alt+→ to `days` ahead, until the grid shows that day's seeded appointment. */
  async goAhead(days: number): Promise<void> {
    for (let d = 0; d < days; d++) await this.page.keyboard.press('Alt+ArrowRight');
    const marker = this.seed.markers[days - 1]!;
    await this.page.getByRole('button', { name: new RegExp(`^${escape(marker.cell)}`) }).waitFor();
  }

  /** N, the patient's name, Enter, Ctrl+Enter: booked on the selected column's first free slot. */
  async book(patient: string): Promise<void> {
    await this.page.keyboard.press('n');
    const dialog = this.page.getByRole('dialog', { name: 'Novo agendamento' });
    await dialog.getByRole('combobox', { name: 'Paciente' }).waitFor();
    await this.page.keyboard.type(patient);
    await dialog.getByRole('option', { name: new RegExp(`^${escape(patient)}`) }).waitFor();
    await this.page.keyboard.press('Enter');
    await dialog.getByTestId('picked-patient').filter({ hasText: patient }).waitFor();
    // The time select fills from the availability once the professional is known.
    await dialog.getByLabel('Horário').locator('option[value^="20"]').first().waitFor({ state: 'attached' });
    await this.page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached' });
  }

  private appointment(patient: string) {
    return this.page.locator('.cell-button').filter({ hasText: patient });
  }

  async open(patient: string): Promise<void> {
    await this.appointment(patient).click();
    await this.panel().waitFor();
  }

  /** C then A in the panel: confirmed, then waiting; Escape closes it. */
  async confirmAndCheckIn(patient: string): Promise<void> {
    await this.open(patient);
    await this.page.keyboard.press('c');
    await this.panel().getByText('Confirmado', { exact: true }).waitFor();
    await this.page.keyboard.press('a');
    await this.page.getByTestId('panel-status').filter({ hasText: 'Aguardando' }).waitFor();
    await this.page.keyboard.press('Escape');
    await this.panel().waitFor({ state: 'detached' });
  }

  /** X, the reason, Enter: the slot is free again. */
  async cancel(patient: string): Promise<void> {
    await this.open(patient);
    await this.page.keyboard.press('x');
    await this.panel().getByLabel('Motivo').waitFor();
    await this.page.keyboard.type('Paciente pediu para remarcar');
    await this.page.keyboard.press('Enter');
    await this.appointment(patient).waitFor({ state: 'detached' });
  }

  private async nav(label: string, shows: string): Promise<void> {
    await this.page.getByRole('navigation').getByRole('button', { name: label, exact: true }).click();
    await this.page.locator(shows).first().waitFor();
  }

  async searchPatient(name: string): Promise<void> {
    await this.nav('Pacientes', '#patients-title');
    await this.page.getByLabel('Buscar paciente').fill(name);
    await this.page.getByRole('table', { name: 'Pacientes' }).getByRole('cell', { name, exact: true }).waitFor();
  }

  async visitOtherScreens(): Promise<void> {
    await this.nav('Orçamentos', '#budgets-title');
    await this.page.getByRole('table', { name: 'Orçamentos' }).getByRole('row').nth(1).waitFor();
    await this.nav('Conflitos e recusas', '#review-title');
    await this.nav('Configurações', '#station-title');
    await this.nav('Agenda', 'table.day-grid .appt');
  }

  /** One cycle: about three minutes of a busy desk. */
  async cycle(i: number): Promise<void> {
    const days = 1 + (i % DESK_SEED_PLAN.markedDays);
    // Patients without seeded appointments, two per cycle; a pair comes back every 30 cycles, on another day.
    const free = DESK_SEED_PLAN.patients - DESK_SEED_PLAN.seededPatients;
    const kept = deskPatientName(DESK_SEED_PLAN.seededPatients + ((2 * i) % free));
    const dropped = deskPatientName(DESK_SEED_PLAN.seededPatients + ((2 * i + 1) % free));
    await this.goAhead(days);
    await this.book(kept);
    await this.confirmAndCheckIn(kept);
    await this.book(dropped);
    await this.cancel(dropped);
    await this.searchPatient(deskPatientName((i * 37) % DESK_SEED_PLAN.seededPatients));
    await this.visitOtherScreens();
  }
}

/**
 * Seeds, opens the desk, runs `warmup` cycles, reads the heap, runs `cycles` more (`BENCH_DESK_CYCLES`,
 * default 20: an hour), reading every `every` cycles and at the end.
 */
export async function benchDeskMemory(
  cycles = Number(process.env['BENCH_DESK_CYCLES'] ?? 20),
  warmup = 5,
  every = 5,
): Promise<MemoryFigures> {
  // A (day, patient pair) comes back after lcm(30, 7) cycles; the days' free slots last about 70.
  if (warmup + cycles > 70) throw new Error('at most 70 cycles: the next days run out of free slots');
  const desk = await openSeededDesk();
  try {
    const page = await desk.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(desk.site.url);
    await page.locator('table.day-grid .appt').first().waitFor({ timeout: 60_000 });
    const cdp = await desk.context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const reception = new Reception(page, desk.seed);
    const run = async (i: number) => {
      try {
        await reception.cycle(i);
      } catch (error) {
        await page.screenshot({ path: 'test-results/desk-memory-failed.png' });
        throw new Error(`cycle ${i}: ${String(error)} ${errors.join('; ')}`);
      }
    };
    for (let i = 0; i < warmup; i++) await run(i);
    const samples = [await readHeap(cdp, 0)];
    const start = await breakDown(cdp);
    const started = Date.now();
    for (let i = 1; i <= cycles; i++) {
      await run(warmup + i - 1);
      if (i % every === 0 || i === cycles) samples.push(await readHeap(cdp, i));
    }
    const ms = Date.now() - started;
    const end = await breakDown(cdp);
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    const first = samples[0]!.heapBytes;
    const last = samples[samples.length - 1]!.heapBytes;
    return { warmupCycles: warmup, cycles, samples, start, end, growth: (last - first) / first, ms };
  } finally {
    await desk.close();
  }
}
