/**
 * A link that a hydrated island turns into a dialog opener: the server renders a real
 * `<a href>` (it works without JavaScript and before hydration), and the island keeps the very
 * same element, so the `client:interact` directive's replayed first click lands on the island's
 * handler instead of following the link. Hydrated, the island gives it `role="button"` (it opens
 * a dialog now); Space activates it like a button, Enter is the link's own.
 */
import type { KeyboardEvent, MouseEvent } from 'react';

/** Props for the `<a>`: a click (or Space) runs `open` instead of navigating. */
export function opensInPlace(open: () => void) {
  return {
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      // Let modified clicks (new tab, new window) follow the link.
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      open();
    },
    onKeyDown: (event: KeyboardEvent<HTMLAnchorElement>) => {
      if (event.key !== ' ') return;
      event.preventDefault();
      open();
    },
  };
}
