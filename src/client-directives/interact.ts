/**
 * `client:interact` — hydrates an island on the visitor's first sign of interest in it: the
 * pointer entering it, keyboard focus reaching it, a touch or a click. Until then the island is
 * plain server-rendered HTML and costs no JavaScript, which keeps static pages and the
 * navigation bar free of the React runtime for visitors who only read. Clicks that arrive
 * before hydration has finished (also after it started, e.g. hover then click) are held and
 * replayed on the hydrated element, so none is lost.
 */
import type { ClientDirective } from 'astro';

const START_EVENTS = ['pointerenter', 'focusin', 'touchstart'] as const;

/** The element now standing where `old` stood (React replaced the server markup on hydration). */
function counterpart(root: HTMLElement, old: HTMLElement): HTMLElement | null {
  if (old.isConnected) return old;
  if (old.id) {
    const byId = root.querySelector<HTMLElement>(`#${CSS.escape(old.id)}`);
    if (byId) return byId;
  }
  const label = old.getAttribute('aria-label');
  if (label) {
    const byLabel = root.querySelector<HTMLElement>(`[aria-label="${CSS.escape(label)}"]`);
    if (byLabel) return byLabel;
  }
  const text = old.textContent?.trim();
  if (text) {
    for (const el of root.querySelectorAll<HTMLElement>(old.tagName)) if (el.textContent?.trim() === text) return el;
  }
  return null;
}

const interact: ClientDirective = (load, _options, el) => {
  let state: 'idle' | 'loading' | 'done' = 'idle';
  let pendingClick: HTMLElement | null = null;

  const start = async () => {
    if (state !== 'idle') return;
    state = 'loading';
    for (const name of START_EVENTS) el.removeEventListener(name, start, true);
    try {
      const hydrate = await load();
      await hydrate();
    } catch (err) {
      // The island could not load: let its server-rendered links work as plain links.
      console.error('island failed to hydrate', err);
    }
    state = 'done';
    el.removeEventListener('click', onClick, true);
    if (pendingClick) {
      const old = pendingClick;
      pendingClick = null;
      const again = counterpart(el, old);
      // Hydration usually keeps the same element; clicking it now runs the island's handler (or,
      // for a link whose island failed to load, simply follows it).
      if (again instanceof HTMLInputElement || again instanceof HTMLTextAreaElement) again.focus();
      else if (again) again.click();
      else if (old instanceof HTMLAnchorElement && old.href) location.assign(old.href);
    }
  };

  const onClick = (event: Event) => {
    if (state === 'done') return;
    const target = (event.target as HTMLElement | null)?.closest<HTMLElement>(
      'a[href], button, [role="button"], input, summary',
    );
    // Only the island's own controls wait for it: a control around the island (a native dialog
    // opener holding an island's text) works without it.
    if (target && el.contains(target)) {
      event.preventDefault();
      event.stopPropagation();
      pendingClick = target;
    }
    void start();
  };

  for (const name of START_EVENTS) el.addEventListener(name, start, { capture: true, passive: true });
  el.addEventListener('click', onClick, { capture: true });
};

export default interact;
