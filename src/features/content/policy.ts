/**
 * The shop's policy figures as the content pages state them: each delivery zone with its area,
 * fee, free-delivery threshold, minimum order, slot windows and same-day cut-off; the cancel
 * window; the refund period; how points are earned; the window for reporting a problem. The figures are the ones checkout uses
 * (the delivery zones file, the orders rules, the shop settings), passed in as PolicyFacts, so a
 * page never states a figure of its own (docs/adr/0122-policy-pages-state-the-shops-settings.md).
 *
 * Pages write placeholders such as `{{delivery.zones}}` in their Markdown; expandPolicy replaces
 * them in the rendered HTML. An unknown placeholder stops the build, so a typo never reaches a
 * customer. Every value from the zones file is HTML-escaped.
 */
import { timeOfDayLabel, windowLabel } from '#features/delivery/index.ts';
import type { Zone } from '#features/delivery/rules.ts';
import { formatPaise } from '#lib/money.ts';

/** What the policy pages state, from the settings checkout uses. */
export interface PolicyFacts {
  /** The delivery zones, in the zones file's order. */
  zones: readonly Zone[];
  /** Minutes after placing it during which a placed order can be cancelled. */
  cancelMinutes: number;
  /** How long a refund to the original payment method takes, e.g. "5–7 working days". */
  refundPeriod: string;
  /** Points earned per whole ₹100 paid, credited on delivery; 0: none are earned. */
  pointsPer100Rupees: number;
  /** The complaint window in words, e.g. "24 hours": how long after delivery a problem may be reported. */
  complaintWindow: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Rupees for a policy sentence: whole rupees without decimals.
 * @example rupees(4000) // "₹40"; rupees(4950) // "₹49.50"
 */
const rupees = (paise: number) => formatPaise(paise).replace(/\.00$/, '');

/** The text with its first letter in capitals. */
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "a, b and c" (a list in words). */
function inWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * A zone's PIN codes in words: runs of consecutive codes as ranges, then its prefixes (an exact
 * code elsewhere wins over a prefix, hence "other").
 * @example pinCoverage(zone) // "PIN codes 680001–680012, 680020–680022, 680027 and 680028"
 * @example pinCoverage(outer, zones) // "other PIN codes starting with 680"
 */
function pinCoverage(zone: Zone, zones: readonly Zone[]): string {
  const parts: string[] = [];
  const codes = [...zone.pinCodes].map(Number).sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < codes.length; ) {
    let j = i;
    while (j + 1 < codes.length && codes[j + 1] === codes[j]! + 1) j++;
    runs.push(j - i >= 2 ? `${codes[i]}–${codes[j]}` : codes.slice(i, j + 1).join(', '));
    i = j + 1;
  }
  if (runs.length) parts.push(`PIN code${codes.length === 1 ? '' : 's'} ${inWords(runs.join(', ').split(', '))}`);
  if (zone.pinPrefixes.length) {
    const others = zones.some(
      (z) =>
        z !== zone &&
        (z.pinCodes.some((c) => zone.pinPrefixes.some((p) => c.startsWith(p))) ||
          z.pinPrefixes.some((q) => zone.pinPrefixes.some((p) => q.length > p.length && q.startsWith(p)))),
    );
    parts.push(`${others ? 'other ' : ''}PIN codes starting with ${inWords(zone.pinPrefixes)}`);
  }
  return inWords(parts);
}

/** "₹40 on orders below ₹499; free from ₹499" (or "Free" / "₹40 on every order"). */
function feeText(zone: Zone): string {
  if (zone.feePaise === 0 || zone.freeFromPaise === 0) return 'Free on every order';
  return `${rupees(zone.feePaise)} on orders below ${rupees(zone.freeFromPaise)}; free from ${rupees(zone.freeFromPaise)}`;
}

/** "None" or "₹299". */
const minimumText = (zone: Zone) => (zone.minOrderPaise > 0 ? rupees(zone.minOrderPaise) : 'None');

/** The zone's daily windows: "8–10 AM, 10 AM–12 PM and 4–6 PM". */
const windowsText = (zone: Zone) => inWords(zone.template.windows.map((w) => windowLabel(w.start, w.end)));

/** When a same-day slot can still be had, and how far ahead slots are offered. */
function sameDayText(zone: Zone): string {
  const t = zone.template;
  const cutoff =
    t.cutoffMinutes % 60 === 0
      ? `${t.cutoffMinutes / 60} hour${t.cutoffMinutes === 60 ? '' : 's'}`
      : `${t.cutoffMinutes} minutes`;
  const sameDay = t.sameDayLastOrder
    ? `Order before ${timeOfDayLabel(t.sameDayLastOrder)} for a slot the same day.`
    : 'Order for a slot the same day while one is open.';
  const ahead =
    t.days === 1
      ? 'Slots are offered for today only.'
      : `Slots are offered for today and the next ${t.days - 1 === 1 ? 'day' : `${t.days - 1} days`}.`;
  return `${sameDay} Each slot closes ${cutoff} before it starts. ${ahead}`;
}

/**
 * The zones as a list of cards, each a heading and a description list, narrow enough for a 320 px
 * screen (ContentLayout styles the `policy-zones` class).
 */
function zonesHtml(zones: readonly Zone[]): string {
  const row = (term: string, detail: string) => `<div><dt>${term}</dt><dd>${escapeHtml(detail)}</dd></div>`;
  const cards = zones.map(
    (z) =>
      `<li><h3>${escapeHtml(z.name)}</h3><dl>` +
      row('Area', capitalised(pinCoverage(z, zones))) +
      row('Delivery fee', feeText(z)) +
      row('Minimum order', minimumText(z)) +
      row('Delivery slots', `${windowsText(z)}, every day`) +
      row('Same-day delivery', sameDayText(z)) +
      '</dl></li>',
  );
  return `<ul class="policy-zones" aria-label="Delivery zones">${cards.join('')}</ul>`;
}

/** One sentence per zone: "Central Thrissur: ₹40 delivery, free from ₹499, no minimum order." */
function summaryText(zones: readonly Zone[]): string {
  return zones
    .map((z) => {
      const fee =
        z.feePaise === 0 || z.freeFromPaise === 0
          ? 'free delivery'
          : `${rupees(z.feePaise)} delivery, free from ${rupees(z.freeFromPaise)}`;
      const min = z.minOrderPaise > 0 ? `minimum order ${rupees(z.minOrderPaise)}` : 'no minimum order';
      return `${z.name}: ${fee}, ${min}.`;
    })
    .join(' ');
}

/** "in Central Thrissur 8–10 AM, … and 8–10 PM; in Greater Thrissur 9–11 AM and 4–6 PM" */
const slotsText = (zones: readonly Zone[]) => zones.map((z) => `in ${z.name} ${windowsText(z)}`).join('; ');

/** "₹499 in Central Thrissur and ₹799 in Greater Thrissur" (or "every order in …" where delivery is free). */
const freeFromText = (zones: readonly Zone[]) =>
  inWords(
    zones.map((z) =>
      z.feePaise === 0 || z.freeFromPaise === 0
        ? `every order in ${z.name}`
        : `${rupees(z.freeFromPaise)} in ${z.name}`,
    ),
  );

/** "before 5 PM in Central Thrissur and before 12 PM in Greater Thrissur" */
const sameDayBeforeText = (zones: readonly Zone[]) =>
  inWords(
    zones.map((z) =>
      z.template.sameDayLastOrder
        ? `before ${timeOfDayLabel(z.template.sameDayLastOrder)} in ${z.name}`
        : `while a slot is open in ${z.name}`,
    ),
  );

/** How points are earned and spent, as one or two sentences. */
function pointsText(perHundred: number): string {
  const spend = 'Each point is worth ₹1 at checkout, where the Points switch redeems them.';
  if (perHundred === 0) return `Orders do not earn points at present. ${spend}`;
  return `You earn ${perHundred} point${perHundred === 1 ? '' : 's'} for every full ₹100 you pay, added when the order is delivered. ${spend}`;
}

/** The placeholders a page may use, each with its HTML; block ones replace the paragraph they stand in. */
function policyPlaceholders(f: PolicyFacts): Record<string, { html: string; block?: boolean }> {
  return {
    'delivery.zones': { html: zonesHtml(f.zones), block: true },
    'delivery.summary': { html: escapeHtml(summaryText(f.zones)) },
    'delivery.slots': { html: escapeHtml(slotsText(f.zones)) },
    'delivery.freeFrom': { html: escapeHtml(freeFromText(f.zones)) },
    'delivery.sameDay': { html: escapeHtml(sameDayBeforeText(f.zones)) },
    'orders.cancelMinutes': { html: String(f.cancelMinutes) },
    'refunds.period': { html: escapeHtml(f.refundPeriod) },
    'points.earning': { html: escapeHtml(pointsText(f.pointsPer100Rupees)) },
    'complaints.window': { html: escapeHtml(f.complaintWindow) },
  };
}

/** Thrown for a placeholder no policy figure answers to (a typo in a page). */
export class UnknownPlaceholderError extends Error {}

/**
 * Replaces every `{{name}}` in rendered page HTML with the policy figure it names: a block
 * placeholder alone in its paragraph replaces the paragraph.
 * @throws UnknownPlaceholderError naming the placeholder when it is not one of policyPlaceholders'.
 */
export function expandPolicy(html: string, facts: PolicyFacts): string {
  const values = policyPlaceholders(facts);
  const value = (name: string) => {
    const v = values[name];
    if (!v)
      throw new UnknownPlaceholderError(
        `Unknown placeholder {{${name}}} in a content page; known: ${Object.keys(values).join(', ')}`,
      );
    return v;
  };
  return html
    .replace(/<p>\s*\{\{\s*([\w.]+)\s*\}\}\s*<\/p>/g, (_, name: string) => {
      const v = value(name);
      return v.block ? v.html : `<p>${v.html}</p>`;
    })
    .replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
      const v = value(name);
      if (v.block) throw new UnknownPlaceholderError(`{{${name}}} must stand alone in its own paragraph`);
      return v.html;
    });
}
