/**
 * The contact form's kept messages: the outbox (./outbox.ts) as last read, sent on the next visit
 * and whenever the connection comes back, with what came of it said in toasts.
 */
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { requestBackgroundSync, sendKeptMessages } from './outbox';
import { flaggedCount, keepEnquiry, keptEnquiries, removeEnquiry, updateFlag, type KeptEnquiry } from './outbox-store';
import type { ContactFormWords } from '../schemas/contact-form';

export function useKeptMessages(endpoint: string, words: ContactFormWords['kept']) {
  // The messages kept in this browser's outbox, as last read.
  const [list, setList] = useState<KeptEnquiry[]>([]);

  const refreshKept = useCallback(async () => setList(await keptEnquiries().catch(() => [])), []);

  /** Sends what the outbox holds, and says what came of it. */
  const sendKept = useCallback(async () => {
    if (!navigator.onLine) return;
    try {
      // The service worker may have sent some meanwhile (Background Sync, or on the navigation to
      // this page): the flag still counts them, and the visitor hears of those too.
      const flagged = flaggedCount();
      const report = await sendKeptMessages(fetch, { endpoint });
      const left = await keptEnquiries().catch(() => undefined);
      if (report.sent.length > 0 || (left && flagged > left.length)) toast.success(words.sent);
      await updateFlag().catch(() => undefined);
      if (report.refused.length > 0) toast.error(`${words.refused} ${report.refused.map((e) => e.refused).join('; ')}`);
    } catch (error) {
      console.error('Kept messages could not be sent:', error);
    }
    await refreshKept();
  }, [endpoint, refreshKept, words]);

  useEffect(() => {
    // Messages kept on an earlier visit go now; those kept on this one when the connection is back.
    keptEnquiries()
      .then((found) => {
        setList(found);
        // Also when the flag counts messages no longer there: the service worker sent them.
        if (found.some((entry) => entry.refused === undefined) || flaggedCount() > found.length) return sendKept();
      })
      .catch(() => {
        // No IndexedDB here (or not allowed): nothing was kept, and a failed send says so itself.
      });
    const online = () => void sendKept();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [sendKept]);

  /** Cancels a kept message: it leaves the outbox unsent. */
  async function cancel(entry: KeptEnquiry) {
    if (await removeEnquiry(entry.id).catch(() => false)) toast(words.cancelled);
    await refreshKept();
  }

  /** Takes a message out of the outbox without a word (it goes back into the form). */
  async function remove(entry: KeptEnquiry) {
    await removeEnquiry(entry.id).catch(() => false);
    await refreshKept();
  }

  /** Keeps a message that could not reach the server, to be sent when the connection is back. */
  async function keep(...args: Parameters<typeof keepEnquiry>) {
    await keepEnquiry(...args);
    await refreshKept();
    void requestBackgroundSync();
  }

  return { list, cancel, remove, keep };
}
