import { Alert, Box, Group, NavLink, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalCore } from '../local/hooks.js';
import { useAdminRun } from './use-admin-run.js';
import { canAdminister, filterSections, sectionTexts, type AdminSection } from './admin-sections.js';
import { AccountSection } from './AccountSection.js';
import { ApiKeysSection } from './ApiKeysSection.js';
import { ClinicSection } from './ClinicSection.js';
import { FirstSteps } from './FirstSteps.js';
import { InstallationsSection } from './InstallationsSection.js';
import { InsurancesSection } from './InsurancesSection.js';
import { SpecialtiesSection } from './SpecialtiesSection.js';
import { ProceduresSection } from './ProceduresSection.js';
import { ProfessionalsSection } from './ProfessionalsSection.js';
import { UsersSection } from './UsersSection.js';
import { WhatsAppSection } from './WhatsAppSection.js';

/**
 * Administração: the clinic's set-up on the local core, grouped into sections that a search box
 * narrows (by title, description and the words people type looking for them). Only someone who
 * may change the set-up opens it: for anyone else it says so and shows nothing else, whatever
 * path led here.
 */
export function AdminScreen() {
  const { t } = useTranslation();
  const { actor } = useLocalCore();
  const { offline } = useAdminRun();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<AdminSection>('clinic');
  const [stepsHidden, setStepsHidden] = useState(false);
  if (!canAdminister(actor))
    return (
      <Alert color="red" variant="light" role="alert">
        {t('admin.forbidden')}
      </Alert>
    );
  const shown = filterSections(query, (key) => t(key));
  // The section on screen is the chosen one while the search keeps it, else the first it keeps.
  const current = shown.includes(chosen) ? chosen : shown[0];

  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      <Box w={300} style={{ flexShrink: 0 }}>
        <Stack gap="sm">
          <TextInput
            type="search"
            aria-label={t('admin.search')}
            placeholder={t('admin.searchPlaceholder')}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
          <Paper withBorder radius="md" p={4} component="nav" aria-label={t('admin.sections')}>
            {shown.map((section) => (
              <NavLink
                key={section}
                component="button"
                type="button"
                active={section === current}
                aria-current={section === current ? 'page' : undefined}
                label={t(sectionTexts(section).title)}
                description={t(sectionTexts(section).hint)}
                onClick={() => setChosen(section)}
              />
            ))}
            {shown.length === 0 && (
              <Text size="sm" c="dimmed" p="sm">
                {t('admin.noSection')}
              </Text>
            )}
          </Paper>
        </Stack>
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>
        {offline && (
          <Alert color="orange" variant="light" mb="md">
            {t('admin.offline')}
          </Alert>
        )}
        {!stepsHidden && (
          <FirstSteps
            onOpen={(section) => {
              setQuery('');
              setChosen(section);
            }}
            onHide={() => setStepsHidden(true)}
          />
        )}
        {current && <SectionBody section={current} />}
      </Box>
    </Group>
  );
}

function SectionBody(props: { section: AdminSection }) {
  switch (props.section) {
    case 'clinic':
      return <ClinicSection />;
    case 'professionals':
      return <ProfessionalsSection />;
    case 'procedures':
      return <ProceduresSection />;
    case 'insurances':
      return <InsurancesSection />;
    case 'specialties':
      return <SpecialtiesSection />;
    case 'users':
      return <UsersSection />;
    case 'installations':
      return <InstallationsSection />;
    case 'apiKeys':
      return <ApiKeysSection />;
    case 'whatsapp':
      return <WhatsAppSection />;
    case 'account':
      return <AccountSection />;
  }
}
