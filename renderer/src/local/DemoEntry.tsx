import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Under the sign-in form: try Clinic on a local-only demonstration clinic, no server or password. */
export function DemoEntry() {
  const { t } = useTranslation();
  return (
    <Text ta="center" mt="md" size="sm" c="dimmed">
      {t('demo.question')}{' '}
      {/* The demo's seed brings the catalogue's operations: loaded on the click, not with the sign-in form. */}
      <Anchor
        component="button"
        type="button"
        onClick={() => void import('./demo-session.js').then((m) => m.startDemo())}
      >
        {t('demo.enter')}
      </Anchor>
    </Text>
  );
}
