import { Box, Button, Notification } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDomainError } from '#core/errors.js';
import { useRun } from '../local/hooks.js';
import { RefusalLines, slotRefusalLines } from '../squeeze-in/SlotRefusal.js';
import { moveAppointment, type Placement } from './move-appointment.js';
import { typingIn } from './shortcuts.js';

/** How long a notice stays, ms: time enough to read it and press "Desfazer". */
const NOTICE_MS = 10_000;

/** What the last move left to tell: done (with the way back), undone, or refused with the core's words. */
type Notice =
  | { kind: 'moved'; id: string; text: string; back: Placement; undoText: string }
  | { kind: 'undone'; text: string }
  | { kind: 'failed'; text: string; lines: string[] };

/** A move as the screen asks for it: the appointment, its new place, and the words for the notices. */
export interface MoveRequest {
  id: string;
  to: Placement;
  /** "Maria moved to 10:30 · Dra. Ana". */
  doneText: string;
  /** "Maria back at 09:00 · Dra. Ana". */
  undoneText: string;
}

/**
 * Moves appointments and keeps the one notice about the last move: "moved, Desfazer" (also Ctrl+Z)
 * or the core's refusal. A refused move changes nothing; the live day redraws what a move changed.
 */
export function useAppointmentMove() {
  const run = useRun();
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const busy = useRef(false);

  // The core's own sentence ("Horário ocupado ou bloqueado…") and, for a taken slot, what is there.
  const failed = useCallback(
    (error: unknown) =>
      setNotice({
        kind: 'failed',
        text: isDomainError(error) ? error.message : `${t('move.failed')} ${String(error)}`,
        lines: slotRefusalLines(error),
      }),
    [t],
  );

  const move = useCallback(
    async (request: MoveRequest) => {
      if (busy.current) return;
      busy.current = true;
      try {
        const back = await moveAppointment(run, request.id, request.to);
        setNotice({ kind: 'moved', id: request.id, text: request.doneText, back, undoText: request.undoneText });
      } catch (error) {
        failed(error);
      } finally {
        busy.current = false;
      }
    },
    [run, failed],
  );

  const undo = useCallback(async () => {
    if (notice?.kind !== 'moved' || busy.current) return;
    busy.current = true;
    try {
      await moveAppointment(run, notice.id, notice.back);
      setNotice({ kind: 'undone', text: notice.undoText });
    } catch (error) {
      failed(error);
    } finally {
      busy.current = false;
    }
  }, [notice, run, failed]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    if (notice?.kind !== 'moved') return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z' || typingIn(event.target)) return;
      event.preventDefault();
      void undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [notice, undo]);

  return { notice, move, undo, dismiss: () => setNotice(null) };
}

/** The notice of the last move, at the bottom of the screen, with "Desfazer" after a move. */
export function MoveNotice(props: {
  notice: ReturnType<typeof useAppointmentMove>['notice'];
  onUndo: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { notice } = props;
  if (!notice) return null;
  return (
    <div className="move-notice">
      <Notification
        color={notice.kind === 'failed' ? 'red' : 'teal'}
        title={notice.kind === 'failed' ? t('move.refused') : undefined}
        role={notice.kind === 'failed' ? 'alert' : 'status'}
        onClose={props.onClose}
        closeButtonProps={{ 'aria-label': t('move.close') }}
        withBorder
      >
        <span className="move-notice-text">{notice.text}</span>
        {notice.kind === 'failed' && notice.lines.length > 0 && (
          <Box component="span" display="block" mt={4}>
            <RefusalLines lines={notice.lines} />
          </Box>
        )}
        {notice.kind === 'moved' && (
          <Button size="compact-sm" variant="light" ml="sm" onClick={props.onUndo}>
            {t('move.undo')}
          </Button>
        )}
      </Notification>
    </div>
  );
}
