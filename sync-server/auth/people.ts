import type { Kysely } from 'kysely';
import { isoWithOffset, type Clock } from '#core/clock.js';
import { DomainError } from '#core/errors.js';
import type { IdGenerator } from '#core/ids.js';
import type { AuthTables } from './auth-tables.js';

export type LoginRow = AuthTables['logins'];
export type MembershipRow = AuthTables['memberships'];

/** A membership with what login needs to know about its account. */
export interface AccountMembership extends MembershipRow {
  account_name: string;
  account_status: string;
}

/** What identifies a new person: their e-mail and what an invitation shows about them. */
export interface NewPerson {
  email: string;
  name: string;
  cpf: string | null;
  council: string | null;
  councilNumber: string | null;
  councilState: string | null;
}

/**
 * People who can log in (`logins`) and their memberships in accounts. Every method takes the
 * executor to run on, so callers can group writes in one transaction ({@link Transactor}).
 */
export class People {
  constructor(
    readonly db: Kysely<AuthTables>,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /** The login of an e-mail (already trimmed and lower-cased). */
  byEmail(email: string, db = this.db): Promise<LoginRow | undefined> {
    return db.selectFrom('logins').selectAll().where('email', '=', email).executeTakeFirst();
  }

  /** The login with this id. */
  byId(id: string, db = this.db): Promise<LoginRow | undefined> {
    return db.selectFrom('logins').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The login holding this CPF (11 digits). */
  byCpf(cpf: string, db = this.db): Promise<LoginRow | undefined> {
    return db.selectFrom('logins').selectAll().where('cpf', '=', cpf).executeTakeFirst();
  }

  /**
   * The login of `person.email`, created (without password) when new. An existing person keeps their
   * name, CPF and registration as they are: an account inviting them cannot rewrite who they are
   * elsewhere (not even fill in a CPF they never gave). A new login gets `person.cpf` unless another
   * login holds it.
   */
  async findOrCreate(db: Kysely<AuthTables>, person: NewPerson): Promise<LoginRow> {
    const existing = await this.byEmail(person.email, db);
    if (existing) return existing;
    // A CPF another person holds is left off rather than refused: the caller must not learn whose it is.
    const cpfTaken = person.cpf !== null && (await this.byCpf(person.cpf, db)) !== undefined;
    const row: LoginRow = {
      id: this.ids.next(),
      email: person.email,
      password_hash: null,
      cpf: cpfTaken ? null : person.cpf,
      name: person.name,
      council: person.council,
      council_number: person.councilNumber,
      council_state: person.councilState,
      created_at: isoWithOffset(this.clock.now()),
    };
    await db.insertInto('logins').values(row).execute();
    return row;
  }

  /** Stores a new argon2id hash; `storePassword` (credentials.ts) also tells the accounts. */
  async setPassword(db: Kysely<AuthTables>, loginId: string, hash: string): Promise<void> {
    await db.updateTable('logins').set({ password_hash: hash }).where('id', '=', loginId).execute();
  }

  /**
   * Adds a login to an account as user `userId`, invitation pending.
   *
   * @throws DomainError `conflict` (409) when `userId` already has a membership: user ids are unique
   *   across accounts (the table's key), and a `users` record stored under another account's id
   *   (before sync refused such pushes, sync/id-claims.ts) must not become a 500 for either account.
   */
  async addMembership(db: Kysely<AuthTables>, tenantId: string, loginId: string, userId: string): Promise<void> {
    const holder = await this.membership(userId, db);
    if (holder) {
      const elsewhere = holder.tenant_id !== tenantId;
      throw new DomainError(
        'conflict',
        elsewhere
          ? 'O id deste usuário já é usado por outra conta: cadastre o profissional de novo'
          : 'Este usuário já tem acesso a esta conta',
        [{ path: 'id', message: elsewhere ? 'id usado por outra conta' : 'já convidado' }],
      );
    }
    await db
      .insertInto('memberships')
      .values({
        user_id: userId,
        tenant_id: tenantId,
        login_id: loginId,
        accepted_at: null,
        created_at: isoWithOffset(this.clock.now()),
      })
      .execute();
  }

  /** The membership behind a `users` record. */
  membership(userId: string, db = this.db): Promise<MembershipRow | undefined> {
    return db.selectFrom('memberships').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** The membership of a login in one account, if any. */
  membershipIn(tenantId: string, loginId: string, db = this.db): Promise<MembershipRow | undefined> {
    return db
      .selectFrom('memberships')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('login_id', '=', loginId)
      .executeTakeFirst();
  }

  /** Marks an invitation accepted: the person may log in to the account from now on. */
  async accept(db: Kysely<AuthTables>, userId: string): Promise<void> {
    await db
      .updateTable('memberships')
      .set({ accepted_at: isoWithOffset(this.clock.now()) })
      .where('user_id', '=', userId)
      .where('accepted_at', 'is', null)
      .execute();
  }

  /** Every membership of a login with its account's name and status, oldest first. */
  memberships(loginId: string, db = this.db): Promise<AccountMembership[]> {
    return db
      .selectFrom('memberships')
      .innerJoin('accounts', 'accounts.id', 'memberships.tenant_id')
      .selectAll('memberships')
      .select(['accounts.name as account_name', 'accounts.status as account_status'])
      .where('memberships.login_id', '=', loginId)
      .orderBy('memberships.created_at')
      .execute();
  }
}
