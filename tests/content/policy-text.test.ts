/**
 * How the policy placeholders read (src/features/content/policy.ts): figures from the zones in
 * words, a misspelt placeholder stops the build, and a zone name from the file cannot inject HTML.
 */
import { describe, expect, it } from 'vitest';
import { expandPolicy, type PolicyFacts, UnknownPlaceholderError } from '#features/content/index.ts';
import { parseDeliveryConfig } from '#features/delivery/server/zones.ts';
import testZones from '../fixtures/zones.json' with { type: 'json' };

const facts = (zones = parseDeliveryConfig(testZones, 'the test zones').zones): PolicyFacts => ({
  zones,
  cancelMinutes: 30,
  refundPeriod: '5–7 working days',
  pointsPer100Rupees: 1,
  complaintWindow: '24 hours',
});

describe('policy placeholders', () => {
  it('state the complaint window from the settings', () => {
    expect(expandPolicy('<p>Tell us within {{complaints.window}} of delivery.</p>', facts())).toBe(
      '<p>Tell us within 24 hours of delivery.</p>',
    );
    expect(expandPolicy('{{complaints.window}}', { ...facts(), complaintWindow: '2 days' })).toBe('2 days');
  });

  it('fill sentences with each zone’s own figures', () => {
    const html = expandPolicy(
      '<p>Fees: {{delivery.summary}} Free from {{delivery.freeFrom}}. Slots {{delivery.slots}}. Same day {{delivery.sameDay}}. Cancel within {{orders.cancelMinutes}} minutes; refunds in {{refunds.period}}.</p>',
      facts(),
    );
    expect(html).toBe(
      '<p>Fees: Central Thrissur: ₹40 delivery, free from ₹499, no minimum order. Greater Thrissur: ₹60 delivery, free from ₹799, minimum order ₹299. ' +
        'Free from ₹499 in Central Thrissur and ₹799 in Greater Thrissur. ' +
        'Slots in Central Thrissur 7–9 AM, 9–11 AM, 11 AM–1 PM, 4–6 PM and 6–8 PM; in Greater Thrissur 9–11 AM and 4–6 PM. ' +
        'Same day before 5 PM in Central Thrissur and before 12 PM in Greater Thrissur. Cancel within 30 minutes; refunds in 5–7 working days.</p>',
    );
  });

  it('put the zone list in place of the paragraph that holds it', () => {
    const html = expandPolicy('<h2>Zones</h2>\n<p>{{delivery.zones}}</p>', facts());
    expect(html).toMatch(
      /^<h2>Zones<\/h2>\n<ul class="policy-zones" aria-label="Delivery zones"><li><h3>Central Thrissur<\/h3>/,
    );
    expect(html).toContain('<dt>Area</dt><dd>PIN codes 680001–680012, 680020–680022, 680027 and 680028</dd>');
    expect(html).toContain('<dt>Area</dt><dd>Other PIN codes starting with 680</dd>');
    expect(html).toContain('<dt>Minimum order</dt><dd>₹299</dd>');
    expect(html).not.toContain('<p>');
  });

  it('say how points are earned, or that none are', () => {
    expect(expandPolicy('{{points.earning}}', facts())).toBe(
      'You earn 1 point for every full ₹100 you pay, added when the order is delivered. Each point is worth ₹1 at checkout, where the Points switch redeems them.',
    );
    expect(expandPolicy('{{points.earning}}', { ...facts(), pointsPer100Rupees: 0 })).toMatch(
      /^Orders do not earn points at present\./,
    );
  });

  it('stop at a placeholder they do not know, naming it', () => {
    expect(() => expandPolicy('<p>Free from {{delivery.freeFromm}}</p>', facts())).toThrow(UnknownPlaceholderError);
    expect(() => expandPolicy('<p>Free from {{delivery.freeFromm}}</p>', facts())).toThrow('{{delivery.freeFromm}}');
    expect(() => expandPolicy('<p>See {{delivery.zones}} here</p>', facts())).toThrow('must stand alone');
  });

  it('escape what the zones file says', () => {
    const [central, outer] = parseDeliveryConfig(testZones, 'the test zones').zones;
    const hostile = { ...central!, name: '<img src=x onerror=alert(1)>' };
    const html = expandPolicy('<p>{{delivery.zones}}</p><p>{{delivery.summary}}</p>', facts([hostile, outer!]));
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
