/**
 * The contact form's kept messages: the outbox (./outbox.ts) as last read, sent on the next visit,
 * whenever the connection comes back, and again and again while one waits (the link may be back
 * without the browser noticing, or only an answer was lost), with what came of it said in toasts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  endOwnAttempt,
  outboxSentMessage,
  requestBackgroundSync,
  sendKeptMessages,
  startOwnAttempt,
  type SendReport,
} from './outbox';
import { flaggedCount, keepEnquiry, keptEnquiries, removeEnquiry, updateFlag, type KeptEnquiry } from './outbox-store';
import type { ContactFormWords } from '../schemas/contact-form';

/**
 * How long the page waits before it tries a waiting message again: 5 s, then twice as long each
 * time, at most 30 s, so a message whose answer was lost is shown as sent within half a minute
 * of the link coming back, and a dead link costs one small request every 30 s.
 */
export const retryDelayMs = (tries: number) => Math.min(30_000, 5_000 * 2 ** tries);

export function useKeptMessages(
  endpoint: string,
  words: ContactFormWords['kept'],
  /** A kept message has been sent: its reference (when the server gave one), for the confirmation. */
  onSent: (reference: string | undefined) => void,
) {
  // The messages kept in this browser's outbox, as last read.
  const [list, setList] = useState<KeptEnquiry[]>([]);
  // The message this page is sending itself: kept before sending, but not yet "waiting".
  const [own, setOwn] = useState<string | undefined>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tries = useRef(0);
  // The latest words and callback, read when needed, so the effects below run once per page.
  const latest = useRef({ words, onSent });
  useEffect(() => {
    latest.current = { words, onSent };
  });

  const refreshKept = useCallback(async () => {
    const found = await keptEnquiries().catch(() => []);
    setList(found);
    return found;
  }, []);

  /** Says that kept messages went, each with its reference, and shows the last one's. */
  const confirm = useCallback((references: (string | undefined)[]) => {
    const known = references.filter((r): r is string => typeof r === 'string');
    toast.success(latest.current.words.sent, known.length > 0 ? { description: known.join(', ') } : undefined);
    latest.current.onSent(known.at(-1));
  }, []);

  /** Sends what the outbox holds, says what came of it, and plans the next try while one waits. */
  const sendKept = useCallback(async () => {
    clearTimeout(timer.current);
    let report: SendReport | undefined;
    try {
      // The service worker may have sent some meanwhile (Background Sync, or on the navigation to
      // this page): the flag still counts them, and the visitor hears of those too.
      const flagged = flaggedCount();
      report = await sendKeptMessages(fetch, { endpoint });
      const left = await keptEnquiries().catch(() => undefined);
      if (report.sent.length > 0) confirm(report.sent.map((entry) => entry.reference));
      else if (left && flagged > left.length) confirm([]);
      await updateFlag().catch(() => undefined);
      if (report.refused.length > 0)
        toast.error(`${latest.current.words.refused} ${report.refused.map((e) => e.refused).join('; ')}`);
    } catch (error) {
      console.error('Kept messages could not be sent:', error);
    }
    const found = await refreshKept();
    if (found.some((entry) => entry.refused === undefined)) {
      // Still waiting: no answer yet. Tried again later, even if the browser never says "online".
      tries.current = report && report.sent.length > 0 ? 0 : tries.current + 1;
      timer.current = setTimeout(() => void sendKept(), retryDelayMs(tries.current - 1));
    } else tries.current = 0;
  }, [confirm, endpoint, refreshKept]);

  useEffect(() => {
    // Messages kept on an earlier visit (or left by a tab closed while sending) go now.
    keptEnquiries()
      .then((found) => {
        setList(found);
        // Also when the flag counts messages no longer there: the service worker sent them.
        if (found.some((entry) => entry.refused === undefined) || flaggedCount() > found.length) return sendKept();
      })
      .catch(() => {
        // No IndexedDB here (or not allowed): nothing was kept, and a failed send says so itself.
      });
    const online = () => {
      tries.current = 0;
      void sendKept();
    };
    // The service worker says when it has sent kept messages (Background Sync, a navigation).
    const fromWorker = (event: MessageEvent) => {
      const sent = (event.data as Record<string, unknown> | null)?.[outboxSentMessage];
      if (!Array.isArray(sent)) return;
      confirm(sent.map((reference) => (typeof reference === 'string' ? reference : undefined)));
      void refreshKept().then(() => updateFlag().catch(() => undefined));
    };
    window.addEventListener('online', online);
    navigator.serviceWorker?.addEventListener('message', fromWorker);
    return () => {
      window.removeEventListener('online', online);
      navigator.serviceWorker?.removeEventListener('message', fromWorker);
      clearTimeout(timer.current);
    };
  }, [confirm, refreshKept, sendKept]);

  /** Cancels a kept message: it leaves the outbox unsent. */
  async function cancel(entry: KeptEnquiry) {
    if (await removeEnquiry(entry.id).catch(() => false)) toast(words.cancelled);
    await refreshKept();
  }

  /** Takes a message out of the outbox without a word (it goes back into the form, or was answered). */
  async function remove(id: string) {
    await removeEnquiry(id).catch(() => false);
    if (own === id) setOwn(undefined);
    await refreshKept();
  }

  /**
   * Keeps a message before its first attempt, so that closing or reloading the tab while it is
   * on its way loses nothing: false when the browser cannot keep it (no IndexedDB), and the
   * attempt goes on without the copy.
   */
  async function keepBeforeSending(id: string, ...args: Parameters<typeof keepEnquiry>): Promise<boolean> {
    startOwnAttempt(id);
    setOwn(id);
    try {
      await keepEnquiry(args[0], { ...args[1], id });
      return true;
    } catch {
      return false;
    }
  }

  /** The page's own attempt is over: answered (the message is removed), or not (it waits). */
  function attemptOver(id: string) {
    endOwnAttempt(id);
  }

  /** The page's own attempt got no answer: its message now waits like any other kept one. */
  async function waitForConnection() {
    setOwn(undefined);
    await refreshKept();
    void requestBackgroundSync();
    tries.current = 0;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void sendKept(), retryDelayMs(0));
  }

  return {
    /** What the list shows: every kept message but the one this page is sending right now. */
    list: list.filter((entry) => entry.id !== own),
    cancel,
    remove,
    keepBeforeSending,
    attemptOver,
    waitForConnection,
  };
}
