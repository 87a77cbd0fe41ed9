/**
 * `client:interact` — hydrates an island on the visitor's first sign of interest in it: the
 * pointer entering it, keyboard focus reaching it, a touch or a click. Until then the island is
 * plain server-rendered HTML and costs no JavaScript, which keeps static pages and the
 * navigation bar free of the React runtime for visitors who only read. A click that arrives
 * before hydration finishes is replayed on the same element afterwards, so it is not lost.
 */
import type { ClientDirective } from 'astro';

const EVENTS = ['pointerenter', 'focusin', 'touchstart', 'click'] as const;

const interact: ClientDirective = (load, _options, el) => {
  let started = false;
  let pendingClick: HTMLElement | null = null;

  const onEvent = async (event: Event) => {
    if (event.type === 'click' && !started) {
      const target = (event.target as HTMLElement | null)?.closest<HTMLElement>('button, [role="button"], input, summary');
      if (target) {
        event.preventDefault();
        pendingClick = target;
      }
    }
    if (started) return;
    started = true;
    for (const name of EVENTS) el.removeEventListener(name, onEvent, true);
    const hydrate = await load();
    await hydrate();
    if (pendingClick) {
      // React has replaced the markup; click the element now standing in the same place.
      const id = pendingClick.id;
      const label = pendingClick.getAttribute('aria-label');
      const again =
        (id && el.querySelector<HTMLElement>(`#${CSS.escape(id)}`)) ||
        (label && el.querySelector<HTMLElement>(`[aria-label="${CSS.escape(label)}"]`)) ||
        (pendingClick.isConnected ? pendingClick : null);
      again?.click();
      if (again instanceof HTMLInputElement) again.focus();
    }
  };

  for (const name of EVENTS) el.addEventListener(name, onEvent, { capture: true, passive: name !== 'click' });
};

export default interact;
