/**
 * The contact page in lite mode, where the form's island does not run
 * (docs/decisions/0090-lite-mode-shows-what-the-worker-sent.md): a message the service worker kept
 * (the form posted as plain HTML with the link down) is sent by the worker on a later navigation
 * or by Background Sync, and recorded in the outbox's `sent` store with its reference. This script
 * takes those records when the page opens, and shows each reference in the page's notice
 * (`sentNoticeAttribute`, a server-rendered status region, empty: its first template, with a line of
 * the second per reference):
 * taken, a record is shown once, here or by the island on a later visit outside lite mode. What
 * the worker says it has sent while the page is open is shown too (and again on the next contact
 * page, see below). Once no message waits, the note that said it was kept (`#kept`, named by the
 * notice) goes. Nothing here imports the routes table or the sending code: every contact page
 * carries these bytes.
 *
 * Only where a worker controls the page: without one nothing was kept in lite mode, and the outbox
 * is not opened (opening it would create it). Without JavaScript the notice stays empty; the
 * plain post's own answer gives the reference.
 */
import { isLiteMode } from '../offline/lite-mode';
import { keptEnquiries, outboxSentMessage, sentNoticeAttribute, takeSent } from './outbox-store';

const notice = document.querySelector<HTMLElement>(`[${sentNoticeAttribute}]`);
const [frame, line] = notice?.querySelectorAll('template') ?? [];
const workers = navigator.serviceWorker;
/** The references this page shows, each once. */
const shown = new Set<string>();

const show = (sent: { reference?: unknown }[]) => {
  if (!notice || !frame || !line || sent.length === 0) return;
  if (!notice.querySelector('ul')) notice.append(frame.content.cloneNode(true));
  for (const { reference } of sent) {
    if (typeof reference !== 'string' || shown.has(reference)) continue;
    shown.add(reference);
    const item = line.content.firstElementChild!.cloneNode(true) as HTMLElement;
    item.dataset.reference = reference;
    item.querySelector('span')!.textContent = reference;
    notice.querySelector('ul')?.append(item);
  }
  keptEnquiries().then(
    (waiting) => {
      if (!waiting.some((entry) => entry.refused === undefined))
        document.getElementById(notice.getAttribute(sentNoticeAttribute)!)?.setAttribute('hidden', '');
    },
    () => {},
  );
};

if (line && isLiteMode() && workers?.controller) {
  takeSent().then(show, () => {
    // No IndexedDB here: nothing was kept either.
  });
  // Shown from the worker's word, not taken from the outbox: a page being left may hear it in its
  // last moment, and a record taken there would never be seen. The next contact page shows it too.
  workers.addEventListener('message', (event: MessageEvent) => {
    const sent = (event.data as Record<string, unknown> | null)?.[outboxSentMessage];
    if (Array.isArray(sent)) show(sent as { reference?: unknown }[]);
  });
}
