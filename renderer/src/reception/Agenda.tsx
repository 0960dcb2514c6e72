import { useState } from 'react';
import { DaySchedule } from './DaySchedule.js';
import { WeekSchedule } from './WeekSchedule.js';
import './agenda.css';

/** Which view shows, and the day (and professional) it opens on. */
type Shown = { view: 'day'; date?: string } | { view: 'week'; date: string; professional?: string | undefined };

/**
 * The reception's agenda: the day of every professional, or one professional's week (Dia/Semana in
 * the toolbar). Switching keeps the day: the week opens on the day's week with the selected
 * professional, the day opens on the week's selected day.
 */
export function Agenda() {
  const [shown, setShown] = useState<Shown>({ view: 'day' });
  if (shown.view === 'week')
    return (
      <WeekSchedule
        initialDate={shown.date}
        initialProfessional={shown.professional}
        onDay={(date) => setShown({ view: 'day', date })}
      />
    );
  return (
    <DaySchedule
      key={shown.date ?? 'today'}
      {...(shown.date ? { initialDate: shown.date } : {})}
      onWeek={(date, professional) => setShown({ view: 'week', date, professional })}
    />
  );
}
