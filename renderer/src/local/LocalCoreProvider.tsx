import { Alert, Loader, Stack, Text } from '@mantine/core';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Actor } from '#core/actor.js';
import type { DeskSession } from '../session/sign-in.js';
import type { Installation } from './installation.js';
import { useDatabaseWait } from './database-lock.js';
import type { OpenCore } from './open-cores.js';

/** What the screens get: the local core, who acts, and the sync (null for a demo). */
export interface LocalCoreValue extends OpenCore {
  actor: Actor;
  installation: Installation;
}

/** Where opening the local core stands. */
export type LocalCoreState =
  { kind: 'opening' } | { kind: 'failed' } | { kind: 'otherAccount' } | { kind: 'ready'; value: LocalCoreValue };

export const LocalCoreContext = createContext<LocalCoreState>({ kind: 'opening' });

/** A role's permissions, composed from the modules (core/access/roles.ts). */
type PermissionsOf = (role: DeskSession['user']['role']) => readonly string[];

/**
 * The signed-in person as the operations' actor, with their role's permissions. `permissionsOf` comes with
 * the local core's chunk: composing the roles loads every module, which the sign-in screen, the totem and
 * the panel do without.
 */
export function actorOf(session: DeskSession, permissionsOf: PermissionsOf): Actor {
  return {
    kind: 'user',
    id: session.user.id,
    tenantId: session.user.tenantId,
    permissions: new Set(permissionsOf(session.user.role)),
  };
}

/**
 * Opens the installation's local database for the signed-in person and provides it below. A person
 * of another account than the installation's gets `otherAccount`, never the data.
 */
export function LocalCoreProvider(props: { session: DeskSession; installation: Installation; children: ReactNode }) {
  const { session, installation } = props;
  const [open, setOpen] = useState<{ core: OpenCore; permissionsOf: PermissionsOf } | null>(null);
  const [failed, setFailed] = useState(false);
  const sameAccount = session.user.tenantId === installation.tenantId;

  useEffect(() => {
    if (!sameAccount) return;
    let live = true;
    // The database and the catalogue are a chunk of their own: the sign-in screen opens without them.
    Promise.all([import('./open-cores.js'), import('#core/access/roles.js')])
      .then(async ([{ coreFor }, { permissionsOf }]) => ({ core: await coreFor(installation), permissionsOf }))
      .then(
        (value) => live && setOpen(value),
        (error: unknown) => {
          console.warn('local database', error);
          if (live) setFailed(true);
        },
      );
    return () => {
      live = false;
    };
  }, [installation, sameAccount]);

  const state = useMemo<LocalCoreState>(() => {
    if (!sameAccount) return { kind: 'otherAccount' };
    if (failed) return { kind: 'failed' };
    if (!open) return { kind: 'opening' };
    return { kind: 'ready', value: { ...open.core, actor: actorOf(session, open.permissionsOf), installation } };
  }, [open, failed, sameAccount, session, installation]);

  return <LocalCoreContext.Provider value={state}>{props.children}</LocalCoreContext.Provider>;
}

/** The local core's state, for parts of the shell that show something in every state. */
export function useLocalCoreState(): LocalCoreState {
  return useContext(LocalCoreContext);
}

/** Renders `children` once the local core is ready; says why otherwise. */
export function LocalCoreGate(props: { children: ReactNode }) {
  const { t } = useTranslation();
  const state = useLocalCoreState();
  const waiting = useDatabaseWait((s) => s.waiting);
  switch (state.kind) {
    case 'ready':
      return <>{props.children}</>;
    case 'otherAccount':
      return (
        <Alert color="orange" role="alert" title={t('local.otherAccountTitle')}>
          {t('local.otherAccount')}
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" role="alert">
          {t('local.openFailed')}
        </Alert>
      );
    case 'opening':
      if (waiting)
        return (
          <Alert color="yellow" role="alert" title={t('local.inUseTitle')}>
            {t('local.inUse')}
          </Alert>
        );
      return (
        <Stack align="center" mt="xl">
          <Loader />
          <Text c="dimmed">{t('local.opening')}</Text>
        </Stack>
      );
  }
}
