/**
 * The server tables of audio transcription (MED-047, MED-048): each account's provider settings (base
 * URL, model and key, the key sealed by the server's SecretBox, purpose `transcription`, never
 * answered, logged or replicated) and the submitted audios with their state. The audio (base64 text,
 * the same on SQLite and PostgreSQL) stays here only until transcribed or failed for good, then is
 * removed; the text stays for the professional to read.
 */
import type { Kysely, Migration } from 'kysely';
import { isoWithOffset, type Clock } from '#core/clock.js';
import type { IdGenerator } from '#core/ids.js';
import type { SqlDatabase } from '../../store/index.js';
import type { SecretBox } from '../../webhooks/secret-box.js';
import type { AudioFile } from './transcription-port.js';

// Type aliases, not interfaces: Kysely needs the implicit index signature of an object type.
export type TranscriptionTables = {
  transcription_settings: {
    tenant_id: string;
    base_url: string;
    model: string;
    key_sealed: string | null;
    updated_at: string;
  };
  audio_transcriptions: {
    id: string;
    tenant_id: string;
    record_id: string;
    /** Who submitted it (user id or key id). */
    submitted_by: string;
    file_name: string;
    media_type: string;
    size: number;
    /** The audio, base64; null once transcribed or failed for good. */
    audio: string | null;
    /** `pending`, `done`, `failed`. */
    status: string;
    text: string | null;
    /** The last provider error (pt-BR), while retrying or once failed. */
    error: string | null;
    attempts: number;
    /** When the job may try again (ISO-8601 with offset). */
    next_attempt_at: string;
    created_at: string;
    updated_at: string;
  };
};

/** Migrations of the transcription tables. */
export const transcriptionMigrations: Record<string, Migration> = {
  transcription_0001_tables: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('transcription_settings')
        .ifNotExists()
        .addColumn('tenant_id', 'text', (c) => c.primaryKey())
        .addColumn('base_url', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('key_sealed', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('audio_transcriptions')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('record_id', 'text', (c) => c.notNull())
        .addColumn('submitted_by', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('media_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('audio', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('text', 'text')
        .addColumn('error', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audio_transcriptions_pending')
        .ifNotExists()
        .on('audio_transcriptions')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
  },
};

const KEY = 'transcription';

/** What an admin sets. `apiKey` undefined keeps the stored key; `null` clears it. */
export interface SettingsInput {
  baseUrl: string;
  model: string;
  apiKey?: string | null | undefined;
}

/** What the API shows: never the key. */
export interface SettingsInfo {
  baseUrl: string;
  model: string;
  keySet: boolean;
  updatedAt: string;
}

/** What the job needs to call the provider (the key opened). */
export interface ProviderSettings {
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
}

/** A transcription row as the API shows it. */
export type TranscriptionRow = TranscriptionTables['audio_transcriptions'];

/** The transcription tables' data access, scoped by tenant. */
export class Transcriptions {
  readonly db: Kysely<TranscriptionTables>;

  constructor(
    database: SqlDatabase,
    private readonly box: SecretBox,
    readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.db = database.kysely.withTables<TranscriptionTables>();
  }

  private now = () => isoWithOffset(this.clock.now());

  /** Sets (or replaces) the account's provider settings. */
  async configure(tenantId: string, input: SettingsInput): Promise<SettingsInfo> {
    const before = await this.settingsRow(tenantId);
    const key_sealed =
      input.apiKey === undefined
        ? (before?.key_sealed ?? null)
        : input.apiKey === null
          ? null
          : this.box.seal(input.apiKey, KEY);
    const changes = {
      base_url: input.baseUrl.replace(/\/+$/, ''),
      model: input.model,
      key_sealed,
      updated_at: this.now(),
    };
    await this.db
      .insertInto('transcription_settings')
      .values({ tenant_id: tenantId, ...changes })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(changes))
      .execute();
    return (await this.info(tenantId))!;
  }

  /** The settings without the key; undefined when not configured. */
  async info(tenantId: string): Promise<SettingsInfo | undefined> {
    const row = await this.settingsRow(tenantId);
    return (
      row && { baseUrl: row.base_url, model: row.model, keySet: row.key_sealed !== null, updatedAt: row.updated_at }
    );
  }

  /** The settings with the key opened, for one call; undefined when not configured. */
  async provider(tenantId: string): Promise<ProviderSettings | undefined> {
    const row = await this.settingsRow(tenantId);
    return (
      row && {
        baseUrl: row.base_url,
        model: row.model,
        apiKey: row.key_sealed ? this.box.open(row.key_sealed, KEY) : undefined,
      }
    );
  }

  /** Keeps `audio` for record `recordId` until the job transcribes it. @returns the transcription id. */
  async submit(tenantId: string, recordId: string, by: string, audio: AudioFile): Promise<TranscriptionRow> {
    const now = this.now();
    const row: TranscriptionRow = {
      id: this.ids.next(),
      tenant_id: tenantId,
      record_id: recordId,
      submitted_by: by,
      file_name: audio.fileName,
      media_type: audio.mediaType,
      size: audio.bytes.byteLength,
      audio: Buffer.from(audio.bytes).toString('base64'),
      status: 'pending',
      text: null,
      error: null,
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('audio_transcriptions').values(row).execute();
    return row;
  }

  /** One transcription of the account; undefined when absent. */
  get(tenantId: string, id: string): Promise<TranscriptionRow | undefined> {
    return this.db
      .selectFrom('audio_transcriptions')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Up to `limit` pending transcriptions due now, oldest first (every account). */
  due(limit: number): Promise<TranscriptionRow[]> {
    return this.db
      .selectFrom('audio_transcriptions')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', this.now())
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
  }

  /**
   * Takes a due transcription for one try: pushes its next attempt `leaseMs` ahead unless another server
   * process took it first (several processes share the table). @returns whether this one took it.
   */
  async claim(row: TranscriptionRow, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('audio_transcriptions')
      .set({ next_attempt_at: isoWithOffset(new Date(this.clock.now().getTime() + leaseMs)) })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '=', row.next_attempt_at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records the text and drops the audio. */
  async done(id: string, text: string): Promise<void> {
    await this.update(id, { status: 'done', text, error: null, audio: null });
  }

  /** Records a failure for good and drops the audio. */
  async failed(id: string, error: string, attempts: number): Promise<void> {
    await this.update(id, { status: 'failed', error, attempts, audio: null });
  }

  /** Records a failure to retry at `nextAt` (ISO-8601). */
  async retryLater(id: string, error: string, attempts: number, nextAt: string): Promise<void> {
    await this.update(id, { error, attempts, next_attempt_at: nextAt });
  }

  private async update(id: string, changes: Partial<TranscriptionRow>): Promise<void> {
    await this.db
      .updateTable('audio_transcriptions')
      .set({ ...changes, updated_at: this.now() })
      .where('id', '=', id)
      .execute();
  }

  private settingsRow(tenantId: string) {
    return this.db
      .selectFrom('transcription_settings')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
  }
}
