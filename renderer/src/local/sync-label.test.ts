import { describe, expect, it } from 'vitest';
import { UNKNOWN_STATUS } from '../../../core/sync/status.js';
import { syncLabel } from './sync-label.js';

const online = { ...UNKNOWN_STATUS, online: true, lastSyncAt: '2026-11-23T09:00:00.000-03:00' };

describe('the sync indicator', () => {
  it('says in sync, or how many changes wait, online and offline', () => {
    expect(syncLabel(online)).toEqual({ tone: 'ok', key: 'sync.ok', vars: {} });
    expect(syncLabel({ ...online, pendingPushes: 3 })).toEqual({
      tone: 'waiting',
      key: 'sync.waiting',
      vars: { count: '3' },
    });
    expect(syncLabel({ ...online, online: false })).toMatchObject({ tone: 'offline', key: 'sync.offline' });
    expect(syncLabel({ ...online, online: false, pendingPushes: 2 })).toEqual({
      tone: 'offline',
      key: 'sync.offlineWaiting',
      vars: { count: '2' },
    });
  });

  it('puts conflicts and refusals to review before anything else, and names a demo as such', () => {
    expect(syncLabel({ ...online, online: false, pendingPushes: 4, conflicts: 1, rejections: 1 })).toEqual({
      tone: 'review',
      key: 'sync.review',
      vars: { count: '2' },
    });
    expect(syncLabel(null).tone).toBe('demo');
  });
});
