/** Tables the contact module owns (migration 048). Times are UTC milliseconds. */

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The sender's language: the confirmation and every reply are written in it. */
  language: string;
  /** new | handled | spam (a filled honeypot) */
  status: string;
  /** Keyed hash of the sender's network address, for the per-address rate limit. */
  address_hash: string;
  created_at: number;
  handled_at: number | null;
  handled_by: string | null;
}

export interface ContactRepliesTable {
  id: string;
  message_id: string;
  author_id: string;
  body: string;
  created_at: number;
}

export interface ContactTables {
  contact_messages: ContactMessagesTable;
  contact_replies: ContactRepliesTable;
}
