/**
 * A box that scrolls sideways (a wide table on a phone) as a named region that takes keyboard
 * focus, so keyboard users can scroll it too (axe: scrollable-region-focusable). `relative` makes
 * it the containing block of visually hidden text inside, which would otherwise widen the page.
 */
import type { ReactNode } from 'react';

export function ScrollRegion({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus to be scrolled by keyboard
    <section tabIndex={0} aria-label={label} className={`relative overflow-x-auto ${className}`}>
      {children}
    </section>
  );
}
