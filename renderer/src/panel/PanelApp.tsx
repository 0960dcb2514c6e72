/**
 * The waiting-room panel (issue #9): the current call large, the last calls beside it, a chime and
 * the ticket spoken aloud on every call and recall. Codes and places only: the panel faces the whole
 * room. Fed by the clinic server's websocket; reconnects by itself.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PanelCall } from '../totem/kiosk-api.js';
import { clinicName } from '../totem/kiosk-api.js';
import type { KioskConfig } from '../totem/kiosk-config.js';
import { announce, audioReady, spokenCode, unlockAudio, whenAudioRuns } from './announce.js';
import { followPanel } from './panel-socket.js';
import { rememberSound, resumeOnFirstTouch, soundRemembered } from './panel-sound.js';
import './panel.css';

function clock(): string {
  return new Date().toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });
}

/** How many earlier calls the side list shows: as many as fit at a size read from 5 m on a 1080p TV. */
const LAST_CALLS = 5;

/** The panel screen of one clinic. */
export function PanelApp({ config }: { config: KioskConfig }) {
  const { t, i18n } = useTranslation();
  const [calls, setCalls] = useState<PanelCall[]>([]);
  const [waiting, setWaiting] = useState(0);
  const [connected, setConnected] = useState(true);
  const [flash, setFlash] = useState(0);
  // Asked once per browser: sound already playing (the desktop app) or enabled before hides the button.
  const [sound, setSound] = useState(() => unlockAudio() || soundRemembered(globalThis.localStorage));
  const [clinic, setClinic] = useState('');
  const [now, setNow] = useState(clock);

  // Allowed without a touch (the desktop app): the context runs a moment after it is made.
  useEffect(() => (sound ? undefined : whenAudioRuns(() => setSound(true))), [sound]);

  useEffect(() => {
    if (!sound || audioReady()) return;
    return resumeOnFirstTouch(window, () => void unlockAudio());
  }, [sound]);

  const enableSound = () => {
    unlockAudio();
    rememberSound(globalThis.localStorage);
    setSound(true);
  };

  useEffect(() => {
    clinicName(config).then(setClinic, () => setClinic(''));
    const ticking = setInterval(() => setNow(clock()), 10_000);
    const stop = followPanel(
      config,
      (frame) => {
        setCalls(frame.calls);
        setWaiting(frame.waiting);
        if (frame.call) {
          setFlash((n) => n + 1);
          announce(
            t('panel.speech', { code: spokenCode(frame.call.code), place: frame.call.placeName }),
            i18n.language,
          );
        }
      },
      setConnected,
    );
    return () => {
      clearInterval(ticking);
      stop();
    };
  }, [config, t, i18n.language]);

  const [current, ...last] = calls;
  return (
    <div className="panel">
      <header className="panel-header">
        <span className="panel-brand">{clinic || t('panel.title')}</span>
        <span className="panel-waiting">{t('panel.waiting', { count: String(waiting) })}</span>
        <span className="panel-clock">{now}</span>
      </header>
      <main className="panel-body">
        <section className="panel-current" aria-live="assertive" aria-label={t('panel.current')}>
          {current ? (
            <div key={`${current.ticket}-${flash}`} className="panel-current-call" data-testid="current-call">
              <p className="panel-caption">{t('panel.current')}</p>
              <p className="panel-code">{current.code}</p>
              <p className="panel-place">{current.placeName}</p>
            </div>
          ) : (
            <p className="panel-none">{t('panel.none')}</p>
          )}
        </section>
        <aside className="panel-last" aria-label={t('panel.last')}>
          <h2 className="panel-last-title">{t('panel.last')}</h2>
          <ol className="panel-list">
            {last.slice(0, LAST_CALLS).map((c) => (
              <li key={`${c.ticket}-${c.calledAt}`} className="panel-item">
                <span className="panel-item-code">{c.code}</span>
                <span className="panel-item-place">{c.placeName}</span>
              </li>
            ))}
          </ol>
        </aside>
      </main>
      {!connected && <div className="panel-banner">{t('panel.reconnecting')}</div>}
      {!sound && (
        <button type="button" className="panel-sound" onClick={enableSound}>
          {t('panel.enableSound')}
        </button>
      )}
    </div>
  );
}
