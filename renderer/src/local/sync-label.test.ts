import { describe, expect, it } from 'vitest';
import { UNKNOWN_STATUS } from '#core/sync/status.js';
import { t } from '../i18n/index.js';
import { offlineBadge, syncLabel } from './sync-label.js';

const online = { ...UNKNOWN_STATUS, online: true, lastSyncAt: '2026-11-23T09:00:00.000-03:00' };

describe('the sync indicator', () => {
  it('says in sync, or how many changes wait, online and offline', () => {
    expect(syncLabel(online)).toEqual({ tone: 'ok', key: 'sync.ok', vars: {} });
    expect(syncLabel({ ...online, pendingPushes: 3 })).toEqual({
      tone: 'waiting',
      key: 'sync.waiting',
      vars: { count: 3 },
    });
    expect(syncLabel({ ...online, online: false })).toMatchObject({ tone: 'offline', key: 'sync.offline' });
    expect(syncLabel({ ...online, online: false, pendingPushes: 2 })).toEqual({
      tone: 'offline',
      key: 'sync.offlineWaiting',
      vars: { count: 2 },
    });
  });

  it('never says "Sincronizado" while the server line sees the network down', () => {
    expect(syncLabel(online, 'offline')).toMatchObject({ tone: 'offline', key: 'sync.offline' });
    expect(syncLabel({ ...online, pendingPushes: 1 }, 'offline')).toMatchObject({ key: 'sync.offlineWaiting' });
  });

  it('puts conflicts and refusals to review before anything else, and names a demo as such', () => {
    expect(syncLabel({ ...online, online: false, pendingPushes: 4, conflicts: 1, rejections: 1 })).toEqual({
      tone: 'review',
      key: 'sync.review',
      vars: { count: 2 },
    });
    expect(syncLabel(null).tone).toBe('demo');
  });

  it('speaks in plurals a person would write, singular for one', () => {
    const say = (status: typeof online) => {
      const label = syncLabel(status);
      return t(label.key, label.vars, 'pt-BR');
    };
    expect(say({ ...online, pendingPushes: 1 })).toBe('1 alteração aguardando envio');
    expect(say({ ...online, pendingPushes: 3 })).toBe('3 alterações aguardando envio');
    expect(say({ ...online, online: false, pendingPushes: 1 })).toBe('Sem conexão — 1 alteração aguardando envio');
    expect(say({ ...online, conflicts: 1 })).toBe('1 conflito para revisar');
    expect(say({ ...online, conflicts: 2 })).toBe('2 conflitos para revisar');
    expect(t('sync.waiting', { count: 2 }, 'en')).toBe('2 changes waiting to be sent');
  });
});

describe('the header offline badge', () => {
  it('shows offline with the changes waiting, and nothing once back online', () => {
    const offline = { ...online, online: false, pendingPushes: 2 };
    const badge = offlineBadge('online', offline);
    expect(badge && t(badge.key, badge.vars, 'pt-BR')).toBe('Offline · 2 a enviar');
    expect(offlineBadge('offline', online)).toMatchObject({ key: 'header.offline' });
    expect(offlineBadge('online', online)).toBeNull();
    // Signed in offline on a desk without sync (not enrolled): the server line alone decides.
    expect(offlineBadge('offline', null)).toMatchObject({ key: 'header.offline' });
    expect(offlineBadge('online', null)).toBeNull();
  });

  it('waits for sync’s first answer (or the server check) before saying offline at start-up', () => {
    expect(offlineBadge('checking', UNKNOWN_STATUS)).toBeNull();
    expect(offlineBadge('offline', UNKNOWN_STATUS)).toMatchObject({ key: 'header.offline' });
  });
});
