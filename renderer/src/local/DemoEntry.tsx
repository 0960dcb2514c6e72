import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { startDemo } from './demo-session.js';

/** Under the sign-in form: try Clinic on a local-only demonstration clinic, no server or password. */
export function DemoEntry() {
  const { t } = useTranslation();
  return (
    <Text ta="center" mt="md" size="sm" c="dimmed">
      {t('demo.question')}{' '}
      <Anchor component="button" type="button" onClick={startDemo}>
        {t('demo.enter')}
      </Anchor>
    </Text>
  );
}
