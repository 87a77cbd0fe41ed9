/**
 * What a visitor's browser loads, measured on the bench's server: gzipped JavaScript per page
 * (reachable: everything a page could ever load; loaded: what Chromium downloads while the page
 * loads and its idle and visible islands hydrate) and Lighthouse mobile scores (performance,
 * accessibility, best practices, SEO) with Debian's Chromium (CHROME_PATH).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Lighthouse scores of one page, or why it failed. */
export type LighthouseScores =
  | { performance: number; accessibility: number; bestPractices: number; seo: number; scriptTransferKb: number | null }
  | { error: string };

/** JavaScript per page and Lighthouse scores for `pages` of the server at `base`. */
export async function measureFrontend(
  root: string,
  base: string,
  pages: { name: string; url: string }[],
  chromePath: string,
  log: (msg: string) => void,
) {
  // JavaScript per page (what a browser may load: scripts, island components and renderers,
  // module preloads, and every module they import), gzipped.
  async function pageJs(url: string) {
    const html = await fetch(`${base}${url}`).then((r) => r.text());
    const seen = new Set<string>();
    let bytes = 0;
    let gz = 0;
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
      .filter((m) => !/type="application\/(ld\+)?json"/.test(m[0]))
      .map((m) => m[1]!);
    for (const code of inline) {
      bytes += Buffer.byteLength(code);
      gz += gzipSync(code).length;
    }
    const queue = [
      ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!),
      ...inline.flatMap((code) => [...code.matchAll(/import\(?\s*["']([^"']+\.js)["']/g)].map((m) => m[1]!)),
    ].map((u) => new URL(u.replaceAll('&amp;', '&'), `${base}${url}`).href);
    while (queue.length) {
      const src = queue.shift()!;
      if (seen.has(src) || !src.startsWith(base)) continue;
      seen.add(src);
      const res = await fetch(src);
      if (!res.ok) continue;
      const code = Buffer.from(await res.arrayBuffer());
      bytes += code.length;
      gz += gzipSync(code).length;
      const text = code.toString('utf8');
      for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{0,2}\/[^"']+\.js)["']/g))
        queue.push(new URL(m[1]!, src).href);
    }
    return { files: seen.size, kb: round(bytes / 1024), gzipKb: round(gz / 1024) };
  }
  const js: Record<string, { files: number; kb: number; gzipKb: number }> = {};
  for (const page of pages) js[page.name] = await pageJs(page.url);
  log(
    `JavaScript reachable from each page, everything it could ever load (gzip KB): ${Object.entries(js)
      .map(([k, v]) => `${k} ${v.gzipKb}`)
      .join(', ')}`,
  );

  // What a visitor's browser actually downloads: every script response while the page loads and
  // its idle and visible islands hydrate (3 s after load, page scrolled to the bottom), gzipped.
  // Islands that hydrate on interaction (client:interact) and dialogs loaded on use are not
  // counted here; the "reachable" figure above includes them.
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const loadedJs: Record<string, { files: number; gzipKb: number }> = {};
  for (const page of pages) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const tab = await context.newPage();
    const bodies: Promise<Buffer | null>[] = [];
    tab.on('response', (res) => {
      if (res.request().resourceType() === 'script') bodies.push(res.body().catch(() => null));
    });
    await tab.goto(`${base}${page.url}`, { waitUntil: 'load' });
    await tab.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await tab.waitForTimeout(3000);
    const inlineGz = await tab.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')]
        .filter((s) => !/json/.test(s.getAttribute('type') ?? ''))
        .map((s) => s.textContent ?? ''),
    );
    const files = (await Promise.all(bodies)).filter((b): b is Buffer => b !== null);
    const gz =
      files.reduce((n, b) => n + gzipSync(b).length, 0) + inlineGz.reduce((n, code) => n + gzipSync(code).length, 0);
    loadedJs[page.name] = { files: files.length, gzipKb: round(gz / 1024) };
    await context.close();
  }
  await browser.close();
  log(
    `JavaScript loaded by each page (gzip KB): ${Object.entries(loadedJs)
      .map(([k, v]) => `${k} ${v.gzipKb}`)
      .join(', ')}`,
  );

  // Lighthouse
  const lighthouse: Record<string, LighthouseScores> = {};
  if (!existsSync(chromePath)) {
    log(`No Chromium at ${chromePath}: Lighthouse skipped.`);
  } else {
    // Lighthouse's own guidance on variability (docs/variability.md in its repository: run it five
    // times, take the median): a score moves from run to run on the same page
    // (here up to ±10 points of performance within minutes, by the total blocking time), so each
    // page is audited LIGHTHOUSE_RUNS times and the run with the median performance score counts.
    for (const page of pages) {
      const runs: LighthouseScores[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(auditPage(root, `${base}${page.url}`, chromePath, page.name));
      const scored = runs.filter((r): r is Extract<LighthouseScores, { performance: number }> => 'performance' in r);
      scored.sort((a, b) => a.performance - b.performance);
      lighthouse[page.name] = scored.length ? scored[Math.floor((scored.length - 1) / 2)]! : runs[0]!;
      const all = scored.map((r) => r.performance).join(', ');
      log(
        `Lighthouse ${page.name}: ${JSON.stringify(lighthouse[page.name])}${scored.length ? ` (performance of the ${runs.length} runs: ${all})` : ''}`,
      );
    }
  }

  return { reachable: js, loaded: loadedJs, lighthouse };
}

/** Audits per page; the median performance score's run counts. */
const LIGHTHOUSE_RUNS = 5;

/** One Lighthouse mobile audit of `url` (its default simulated mobile throttling), or why it failed. */
function auditPage(root: string, url: string, chromePath: string, name: string): LighthouseScores {
  const out = path.join(os.tmpdir(), `bench-lighthouse-${process.pid}-${name.replace(/\W+/g, '-')}.json`);
  const run = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, encoding: 'utf8', timeout: 180_000 },
  );
  if (run.status !== 0 || !existsSync(out))
    return { error: (run.stderr || run.error?.message || 'lighthouse failed').trim().split('\n').slice(-3).join(' ') };
  const report = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(out, { force: true });
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const scripts = report.audits['resource-summary']?.details?.items?.find(
    (i: { resourceType: string }) => i.resourceType === 'script',
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    scriptTransferKb: scripts ? round(scripts.transferSize / 1024) : null,
  };
}
