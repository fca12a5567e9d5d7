import type { Kysely, Transaction } from 'kysely';
import type { Language, UserType } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { AccountsRepository } from './accounts.repository.js';

export interface NewAccount {
  type: Exclude<UserType, 'guest'>;
  email: string;
  firstName: string;
  lastName: string;
  buyerRole?: 'retailer' | 'distributor' | 'institution';
  teamRole?: 'owner' | 'moderator' | 'support';
  language?: Language;
}

export interface Account {
  id: string;
  type: UserType;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  language: string;
}

/** Accounts of every kind: anonymous guests now; buyers, sellers and the store team register later. */
export class AccountsService {
  private readonly repository: AccountsRepository;

  constructor(db: Kysely<Database>) {
    this.repository = new AccountsRepository(db);
  }

  /** A guest is a user row too, so that a cart or recent searches can belong to it before signup. */
  async createGuest(options: { language: Language; trx?: Transaction<Database> }): Promise<string> {
    const now = Date.now();
    const id = newId();
    await this.repository.insert(
      {
        id,
        type: 'guest',
        email: null,
        first_name: null,
        last_name: null,
        buyer_role: null,
        team_role: null,
        language: options.language,
        created_at: now,
        updated_at: now,
      },
      options.trx,
    );
    return id;
  }

  async createAccount(options: NewAccount): Promise<string> {
    const now = Date.now();
    const id = newId();
    await this.repository.insert({
      id,
      type: options.type,
      email: options.email.trim().toLowerCase(),
      first_name: options.firstName,
      last_name: options.lastName,
      buyer_role: options.buyerRole ?? null,
      team_role: options.teamRole ?? null,
      language: options.language ?? 'en',
      created_at: now,
      updated_at: now,
    });
    return id;
  }

  async findByEmail(options: { email: string }): Promise<Account | undefined> {
    const row = await this.repository.findByEmail(options.email.trim().toLowerCase());
    return row && toAccount(row);
  }

  async hasRegisteredAccounts(): Promise<boolean> {
    return (await this.repository.countRegistered()) > 0;
  }
}

function toAccount(row: { id: string; type: string; email: string | null; first_name: string | null; last_name: string | null; language: string }): Account {
  return {
    id: row.id,
    type: row.type as UserType,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    language: row.language,
  };
}
