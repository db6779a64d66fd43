/**
 * The contact form's kept messages: the outbox (./outbox.ts) as last read, sent on the next visit,
 * whenever the connection comes back, and again and again while one waits (the link may be back
 * without the browser noticing, or only an answer was lost), with what came of it said in toasts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  endOwnAttempt,
  isOwnAttempt,
  requestBackgroundSync,
  sendKeptMessages,
  startOwnAttempt,
  type SendReport,
} from './outbox';
import {
  keepEnquiry,
  keptEnquiries,
  removeEnquiry,
  takeSent,
  updateFlag,
  whenWorkerSent,
  type KeptEnquiry,
} from './outbox-store';
import type { ContactFormWords } from '../schemas/contact-form';

/**
 * How long after the start of one try the page tries a waiting message again: 4 s, then 8 s, so
 * a message whose answer was lost, or that waits on a link that stalls and comes back without an
 * `online` event, is shown as sent within about ten seconds of the link coming back; a dead link
 * costs one small request every 8 s while the page is open.
 */
export const retryDelayMs = (tries: number) => Math.min(8_000, 4_000 * 2 ** Math.max(0, tries));

/**
 * How long one of those tries waits for the server's answer: less than the delay between tries,
 * so a try stuck on a stalled link gives way to the next one.
 */
export const retryTimeoutMs = 6_000;

// Over 100 lines on purpose: one hook: the kept list, the retry timer and the announced messages
// are refs and state its callbacks and effects share; split into hooks, each would hand the others
// its refs.
// eslint-disable-next-line max-lines-per-function -- why: the lines above
export function useKeptMessages(
  endpoint: string,
  words: ContactFormWords['kept'],
  /** A kept message has been sent: its reference (when the server gave one), for the confirmation. */
  onSent: (reference: string | undefined) => void,
) {
  // The messages kept in this browser's outbox, as last read.
  const [list, setList] = useState<KeptEnquiry[]>([]);
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

  // Kept messages this page has said were sent: the page's own run, the worker's word and the
  // outbox's record of what was sent may each tell of one, and the visitor hears of it once.
  const announced = useRef(new Set<string>());

  /** Says that kept messages went, each with its reference, and shows the last one's; once per message. */
  const confirm = useCallback((sent: { id: string; reference?: string | undefined }[]) => {
    const fresh = sent.filter(({ id }) => !announced.current.has(id));
    for (const { id } of sent) announced.current.add(id);
    if (fresh.length === 0) return;
    const references = fresh.map(({ reference }) => reference).filter((r): r is string => typeof r === 'string');
    toast.success(
      latest.current.words.sent,
      references.length > 0 ? { description: references.join(', ') } : undefined,
    );
    latest.current.onSent(references.at(-1));
  }, []);

  /**
   * Shows what was sent since a page last looked, with its reference: by this page's run, another
   * tab, or the service worker (Background Sync, a navigation), also while no page was open.
   */
  const announceSent = useCallback(async () => {
    const sent = await takeSent().catch(() => []);
    if (sent.length > 0) confirm(sent);
  }, [confirm]);

  /** Sends what the outbox holds, says what came of it, and plans the next try while one waits. */
  const sendKept = useCallback(async () => {
    clearTimeout(timer.current);
    const startedAt = Date.now();
    let report: SendReport | undefined;
    try {
      report = await sendKeptMessages(fetch, { endpoint, timeoutMs: retryTimeoutMs });
      await announceSent();
      if (report.refused.length > 0)
        toast.error(`${latest.current.words.refused} ${report.refused.map((e) => e.refused).join('; ')}`);
    } catch (error) {
      console.error('Kept messages could not be sent:', error);
    }
    const found = await refreshKept();
    if (found.some((entry) => entry.refused === undefined && !isOwnAttempt(entry.id))) {
      // Still waiting: no answer yet. Tried again later, even if the browser never says "online";
      // the delay counts from this try's start, so a try that timed out does not add its wait.
      tries.current = report && report.sent.length > 0 ? 0 : tries.current + 1;
      const wait = Math.max(0, retryDelayMs(tries.current - 1) - (Date.now() - startedAt));
      timer.current = setTimeout(() => void sendKept(), wait);
    } else tries.current = 0;
  }, [announceSent, endpoint, refreshKept]);

  useEffect(() => {
    // Messages kept on an earlier visit (or left by a tab closed while sending) go now, and the
    // ones sent meanwhile by the worker are shown with their references.
    keptEnquiries()
      .then(async (found) => {
        setList(found);
        await announceSent();
        if (found.some((entry) => entry.refused === undefined)) return sendKept();
        await updateFlag().catch(() => undefined);
      })
      .catch(() => {
        // No IndexedDB here (or not allowed): nothing was kept, and a failed send says so itself.
      });
    const online = () => {
      tries.current = 0;
      void sendKept();
    };
    // The service worker says when it has sent kept messages (Background Sync, a navigation): shown,
    // and left in the outbox's `sent` store for the next contact page (outbox-store.ts
    // `whenWorkerSent`: this page may be the one being left).
    const listening = new AbortController();
    whenWorkerSent((sent) => {
      confirm(
        sent.flatMap((entry) =>
          typeof entry?.id === 'string'
            ? [{ id: entry.id, reference: typeof entry.reference === 'string' ? entry.reference : undefined }]
            : [],
        ),
      );
      void refreshKept();
    }, listening.signal);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      listening.abort();
      clearTimeout(timer.current);
    };
  }, [announceSent, confirm, refreshKept, sendKept]);

  /** Cancels a kept message: it leaves the outbox unsent. */
  async function cancel(entry: KeptEnquiry) {
    if (await removeEnquiry(entry.id).catch(() => false)) toast(words.cancelled);
    await refreshKept();
  }

  /** Takes a message out of the outbox without a word (it goes back into the form, or was answered). */
  async function remove(id: string) {
    // Said by the form itself, whatever a worker may tell of it.
    announced.current.add(id);
    await removeEnquiry(id).catch(() => false);
    await refreshKept();
  }

  /**
   * Keeps a message before its first attempt, so that closing or reloading the tab while it is
   * on its way loses nothing: false when the browser cannot keep it (no IndexedDB), and the
   * attempt goes on without the copy.
   */
  async function keepBeforeSending(id: string, ...args: Parameters<typeof keepEnquiry>): Promise<boolean> {
    startOwnAttempt(id);
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
    await refreshKept();
    void requestBackgroundSync();
    tries.current = 0;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void sendKept(), retryDelayMs(0));
  }

  return {
    /**
     * What the list shows: every kept message but the one this page is sending right now
     * (outbox.ts `isOwnAttempt`); the list is read again as each attempt ends.
     */
    list: list.filter((entry) => !isOwnAttempt(entry.id)),
    cancel,
    remove,
    keepBeforeSending,
    attemptOver,
    waitForConnection,
  };
}
