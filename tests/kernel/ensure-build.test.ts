/**
 * When `npm start` and the test set-up build again (scripts/ensure-build.ts): the built server is
 * two files, Astro's handler and our entry bundled after it; either one missing, or older than a
 * source, or a build made with other shop settings or other delivery zones, means a new build.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getConfig, resetConfigForTests } from '#lib/config.ts';
import { ASTRO_HANDLER_FILE, ENTRY_FILE } from '#server/build-files.ts';
import { buildEnvText, isBuildStale } from '../../scripts/ensure-build.ts';

let root: string;
const saved = { ...process.env };

/** Writes `file` under the root with its modification time `secondsAgo` in the past. */
function write(file: string, secondsAgo: number, text = ''): void {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(full, when, when);
}

/** A fresh build of a source tree: sources an hour old, the server files a minute old. */
function freshBuild(): void {
  write('src/pages/index.astro', 3600);
  write(`dist/server/${ASTRO_HANDLER_FILE}`, 70);
  write(`dist/server/${ENTRY_FILE}`, 60);
  write('dist/.build-env.json', 60, buildEnvText(root, getConfig()));
}

beforeEach(() => {
  delete process.env.DIST_DIR;
  resetConfigForTests();
  root = mkdtempSync(path.join(os.tmpdir(), 'ff-ensure-build-'));
});
afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
  rmSync(root, { recursive: true, force: true });
});

describe('whether the build is stale', () => {
  it('is fresh when both server files are newer than every source, with the same settings', () => {
    freshBuild();
    expect(isBuildStale(root)).toBe(false);
  });

  it('builds again when our entry or Astro’s handler is missing', () => {
    for (const file of [ENTRY_FILE, ASTRO_HANDLER_FILE]) {
      freshBuild();
      rmSync(path.join(root, 'dist/server', file));
      expect(isBuildStale(root), file).toBe(true);
    }
  });

  it('builds again when a source is newer than either server file', () => {
    freshBuild();
    write('src/server/entry.ts', 65);
    expect(isBuildStale(root)).toBe(true);
    freshBuild();
    write(`dist/server/${ENTRY_FILE}`, 7200);
    expect(isBuildStale(root)).toBe(true);
  });

  it('builds again for other shop settings', () => {
    freshBuild();
    process.env.SHOP_NAME = 'Another Shop';
    resetConfigForTests();
    expect(isBuildStale(root)).toBe(true);
  });

  it('builds again for other seller details, which every prerendered page’s footer shows', () => {
    const changes: Record<string, string> = {
      SHOP_GSTIN: '32ZZZZZ9999Z1Z5',
      SHOP_LEGAL_NAME: 'Another Grocer LLP',
      SHOP_FSSAI_LICENCE: '11326012000999',
      SHOP_FSSAI_VALID_UNTIL: '2031-03-31',
      SHOP_CARE_PHONE: '+91 487 111 2222',
      SHOP_CARE_EMAIL: 'care@another.example',
      GRIEVANCE_OFFICER_NAME: 'Someone Else',
      GRIEVANCE_OFFICER_DESIGNATION: 'Director',
      GRIEVANCE_OFFICER_PHONE: '+91 487 111 3333',
      GRIEVANCE_OFFICER_EMAIL: 'grievance@another.example',
    };
    for (const [name, value] of Object.entries(changes)) {
      process.env = { ...saved };
      resetConfigForTests();
      freshBuild();
      process.env[name] = value;
      resetConfigForTests();
      expect(isBuildStale(root), name).toBe(true);
    }
  });

  it('builds again between the demo and a real shop: `npm start` after `npm run demo` drops the made-up seller', () => {
    process.env.NODE_ENV = 'production';
    process.env.DEMO_MODE = 'true';
    resetConfigForTests();
    freshBuild();
    expect(isBuildStale(root)).toBe(false);
    const demo = buildEnvText(root, getConfig());
    expect(demo).toContain('Anjali Menon');
    process.env.DEMO_MODE = 'false';
    resetConfigForTests();
    expect(isBuildStale(root)).toBe(true);
    expect(buildEnvText(root, getConfig())).not.toContain('Anjali Menon');
    freshBuild();
    process.env.DEMO_MODE = 'true';
    resetConfigForTests();
    expect(isBuildStale(root)).toBe(true);
  });

  it('builds again when the delivery zones file says something else', () => {
    const zones = path.join(root, 'zones.json');
    writeFileSync(zones, '{"zones": "first"}');
    process.env.DELIVERY_ZONES_FILE = zones;
    resetConfigForTests();
    freshBuild();
    expect(isBuildStale(root)).toBe(false);
    writeFileSync(zones, '{"zones": "second"}');
    expect(isBuildStale(root)).toBe(true);
  });

  it('builds again when the zones setting names another file', () => {
    freshBuild();
    process.env.DELIVERY_ZONES_FILE = path.join(root, 'elsewhere.json');
    writeFileSync(process.env.DELIVERY_ZONES_FILE, '{}');
    resetConfigForTests();
    expect(isBuildStale(root)).toBe(true);
  });
});
