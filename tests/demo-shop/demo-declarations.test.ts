/**
 * The demo products' declarations agree with their own texts, as a shopper reading the product
 * page would check: a product whose text mentions egg is not marked veg; one "Imported from X"
 * declares X as its country of origin and names an importer; a declared shelf life carries every
 * "within N days / weeks / months" and "keeps for N …" its text states.
 */
import { describe, expect, it } from 'vitest';
import { loadDemoShop } from '#features/demo-shop/schema.ts';
import { declarationsOf } from '#features/demo-shop/seed.ts';

const shop = loadDemoShop();
const products = shop.catalog.flatMap((c) =>
  c.subcategories.flatMap((s) =>
    s.products.map((p) => ({
      product: p,
      text: [p.description, p.additionalInformation, ...p.highlights].join(' '),
      declared: declarationsOf(shop.declarations, c.name, s.name, p),
    })),
  ),
);

/** "3 weeks", "1 month": a count and a unit in the singular. */
const period = (n: string, unit: string) => `${Number(n)} ${unit.toLowerCase().replace(/s$/, '')}`;
/** The periods a text states with "within N unit" or "keeps for N unit" (simple forms only). */
function statedPeriods(text: string): string[] {
  const found = text.matchAll(/\b(?:within|keeps for|stays crisp for)\s+(\d+)\s+(days?|weeks?|months?)\b/gi);
  return [...found].map((m) => period(m[1]!, m[2]!));
}
/** The periods a declared shelf life names, in the same form. */
const declaredPeriods = (shelfLife: string) =>
  [...shelfLife.matchAll(/\b(\d+)\s+(days?|weeks?|months?)\b/gi)].map((m) => period(m[1]!, m[2]!));

describe('demo declarations against the products’ own texts', () => {
  it('marks every product whose text mentions egg as non-veg', () => {
    const withEgg = products.filter((p) => /\beggs?\b/i.test(p.text));
    expect(withEgg.map((p) => p.product.name)).toContain('Chocolate Truffle Cake');
    const markedVeg = withEgg.filter((p) => p.declared.foodMark !== 'non_veg').map((p) => p.product.name);
    expect(markedVeg).toEqual([]);
  });

  it('gives an imported product the country its text names and an importer in India', () => {
    const imported = products.flatMap((p) => {
      const m = /Imported from (?:the )?([A-Z][A-Za-z ]+?)\./.exec(p.text);
      return m ? [{ ...p, country: m[1]! }] : [];
    });
    expect(imported.map((p) => p.product.name)).toContain('Kiwi');
    for (const p of imported) {
      expect(p.declared.countryOfOrigin, p.product.name).toBe(p.country);
      expect(p.declared.importer, p.product.name).toMatch(/Kerala \d{6}$/);
    }
  });

  it('names the foreign maker, and the same Thrissur importer, for every packaged import', () => {
    const imports = products.filter((p) => !p.declared.soldLoose && p.declared.countryOfOrigin !== 'India');
    expect(imports.length).toBeGreaterThan(5);
    for (const p of imports) {
      expect(p.declared.manufacturer, p.product.name).toContain(p.declared.countryOfOrigin);
      expect(p.declared.importer, p.product.name).toBe(imports[0]!.declared.importer);
    }
    expect(imports[0]!.declared.importer).toContain('Thrissur');
  });

  it('declares a shelf life that carries every period the product’s text states', () => {
    const packaged = products.filter((p) => !p.declared.soldLoose);
    const contradictions = packaged.flatMap((p) => {
      const declared = declaredPeriods(p.declared.shelfLife ?? '');
      return statedPeriods(p.text)
        .filter((stated) => !declared.includes(stated))
        .map((stated) => `${p.product.name}: text says ${stated}, declared "${p.declared.shelfLife}"`);
    });
    expect(contradictions).toEqual([]);
  });

  it('the shelf-life check reads the simple forms and catches a contradiction', () => {
    expect(statedPeriods('Made fresh. Keep airtight and eat within 5 days. Keeps for 2 weeks.')).toEqual([
      '5 day',
      '2 week',
    ]);
    expect(declaredPeriods('Best before 30 days from packing')).not.toContain('5 day');
  });

  it('gives every packaged product its consumer care in one form: name, phone, email', () => {
    for (const p of products.filter((x) => !x.declared.soldLoose))
      expect(p.declared.consumerCare, p.product.name).toMatch(/^[A-Z][^,]+, \+91 [\d ]+, \S+@\S+$/);
  });
});
