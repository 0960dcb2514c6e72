import { useTranslation } from 'react-i18next';
import './totem.css';

/** What a totem or panel shows until it knows its clinic and key. */
export function KioskNotConfigured({ missing }: { missing: string[] }) {
  const { t } = useTranslation();
  return (
    <div className="totem">
      <main className="totem-screen">
        <h1 className="totem-title">{t('kiosk.notConfigured')}</h1>
        <p className="totem-lead">{t('kiosk.configureHint')}</p>
        <p className="totem-error">
          {t('kiosk.missing', {
            items: missing
              .map((item) => t(item === 'clinic' ? 'kiosk.missing.clinic' : 'kiosk.missing.key'))
              .join(', '),
          })}
        </p>
      </main>
    </div>
  );
}
