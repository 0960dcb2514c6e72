/**
 * Saving the record as the professional types (issue 23: nothing typed is lost). Every keystroke
 * goes at once to a draft in the station's localStorage, then, after a short pause, through
 * `medicalRecord.edit` into the local database (which syncs it). A window closed before the pause
 * ends keeps the draft: opening the record again restores it and saves it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { editMedicalRecord } from '#core/medical-record/record-ops.js';
import type { SectionName } from '#core/medical-record/record.js';
import type { RunOperation } from '../local/hooks.js';

/** The pause after the last keystroke before a section is written to the database. */
export const SAVE_PAUSE_MS = 600;

const draftKey = (recordId: string) => `clinic.medicalRecordDraft.${recordId}`;

/** The unsaved texts of record `recordId` kept on this station, by section. */
export function readDraft(recordId: string): Partial<Record<SectionName, string>> {
  try {
    return JSON.parse(localStorage.getItem(draftKey(recordId)) ?? '{}') as Partial<Record<SectionName, string>>;
  } catch {
    return {};
  }
}

function writeDraft(recordId: string, draft: Partial<Record<SectionName, string>>): void {
  if (Object.keys(draft).length === 0) localStorage.removeItem(draftKey(recordId));
  else localStorage.setItem(draftKey(recordId), JSON.stringify(draft));
}

/** Where the saving stands: `saving`, or the time of the last save, or nothing yet. */
export type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed'; error: unknown };

/**
 * `type(section, text)` records a keystroke's text; pending texts are written after
 * {@link SAVE_PAUSE_MS}, and at once when the editor closes. Only an open record is edited.
 */
export function useAutosave(run: RunOperation, recordId: string, open: boolean) {
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const draft = readDraft(recordId);
    if (Object.keys(draft).length === 0) return;
    setState({ kind: 'saving' });
    try {
      await run(editMedicalRecord, { id: recordId, ...draft });
      // Only what was saved leaves the draft: a keystroke during the write stays for the next one.
      const now = readDraft(recordId);
      for (const [section, text] of Object.entries(draft))
        if (now[section as SectionName] === text) delete now[section as SectionName];
      writeDraft(recordId, now);
      setState({ kind: 'saved', at: new Date() });
    } catch (error) {
      setState({ kind: 'failed', error });
    }
  }, [run, recordId]);

  const type = useCallback(
    (section: SectionName, text: string) => {
      writeDraft(recordId, { ...readDraft(recordId), [section]: text });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_PAUSE_MS);
    },
    [recordId, flush],
  );

  // A draft left by a closed window is saved when the record opens again; pending texts on leaving.
  useEffect(() => {
    if (!open) return;
    void flush();
    return () => void flush();
  }, [open, flush]);

  return { state, type, flush };
}
