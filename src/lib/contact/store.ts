/**
 * Where accepted messages are kept: the Netlify Blobs store "contact-messages", with strong
 * consistency so a message written is a message read back. A message is written before any
 * e-mail is attempted, so no accepted enquiry depends on the mail server.
 */
import type { Store } from '@netlify/blobs';
import type { ContactMessage } from './message';

export const contactStoreName = 'contact-messages';

export type MessageStatus = 'pending' | 'sent';

export interface StoredMessage {
  id: string;
  receivedAt: string;
  status: MessageStatus;
  /** Delivery attempts made so far. */
  attempts: number;
  lastAttemptAt?: string;
  /** Earliest time of the next delivery attempt, for pending messages. */
  nextAttemptAt?: string;
  lastError?: string;
  sentAt?: string;
  message: ContactMessage;
}

export interface MessageStore {
  save(record: StoredMessage): Promise<void>;
  get(id: string): Promise<StoredMessage | undefined>;
  list(): Promise<StoredMessage[]>;
}

/** Ids sort by time of arrival: "2026-11-22T10:15:30.123Z-k3j9x2". */
export function newMessageId(now: Date, random: () => number = Math.random): string {
  return `${now.toISOString()}-${random().toString(36).slice(2, 8).padEnd(6, '0')}`;
}

export function blobsMessageStore(store: Store): MessageStore {
  return {
    async save(record) {
      await store.setJSON(record.id, record);
    },
    async get(id) {
      return ((await store.get(id, { type: 'json' })) as StoredMessage | null) ?? undefined;
    },
    async list() {
      const { blobs } = await store.list();
      const records = await Promise.all(blobs.map((blob) => store.get(blob.key, { type: 'json' }) as Promise<StoredMessage | null>));
      return records.filter((r): r is StoredMessage => r !== null).sort((a, b) => b.id.localeCompare(a.id));
    },
  };
}
