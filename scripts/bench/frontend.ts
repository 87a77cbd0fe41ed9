/**
 * What a visitor's browser loads, measured on the bench's server: gzipped JavaScript per page
 * (reachable: everything a page could ever load; loaded: what Chromium downloads while the page
 * loads and its idle and visible islands hydrate) and Lighthouse mobile scores (performance,
 * accessibility, best practices, SEO) with Debian's Chromium (CHROME_PATH), the median of five
 * audits per page. With a baseline build of the shop running beside it, the pages it is compared
 * on are audited on both, baseline and current in turn, so both see the same minutes of the
 * machine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Lighthouse scores of one audit, or why it failed. */
export type LighthouseScores =
  | { performance: number; accessibility: number; bestPractices: number; seo: number; scriptTransferKb: number | null }
  | { error: string };

/** A page's Lighthouse result: the audit with the median performance score, and every audit's performance score. */
export type LighthouseResult = LighthouseScores & { runs?: number[] };

/** The audit with the median performance score of `runs` (the first failure when none scored). */
export function medianAudit(runs: LighthouseScores[]): LighthouseResult {
  const scored = runs.filter((r): r is Extract<LighthouseScores, { performance: number }> => 'performance' in r);
  if (!scored.length) return runs[0] ?? { error: 'not audited' };
  const sorted = [...scored].sort((a, b) => a.performance - b.performance);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, runs: scored.map((r) => r.performance) };
}

/**
 * JavaScript per page and Lighthouse scores for `pages` of the server at `base` (`audits` per
 * page, of the pages named in `audited`); with `baseline` (another build of the shop serving the
 * same data), Lighthouse scores of its `pages` too.
 */
export async function measureFrontend(
  root: string,
  base: string,
  pages: { name: string; url: string }[],
  chromePath: string,
  log: (msg: string) => void,
  {
    baseline = null,
    audits = 5,
    audited = pages.map((p) => p.name),
  }: { baseline?: { base: string; pages: string[] } | null; audits?: number; audited?: string[] } = {},
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
  /** The JavaScript a browser downloads for each of `pages` from the server at `origin`. */
  async function loadedBy(origin: string) {
    const loaded: Record<string, { files: number; gzipKb: number }> = {};
    for (const page of pages) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
      const tab = await context.newPage();
      const bodies: Promise<Buffer | null>[] = [];
      tab.on('response', (res) => {
        if (res.request().resourceType() === 'script') bodies.push(res.body().catch(() => null));
      });
      await tab.goto(`${origin}${page.url}`, { waitUntil: 'load' });
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
      loaded[page.name] = { files: files.length, gzipKb: round(gz / 1024) };
      await context.close();
    }
    return loaded;
  }
  const loadedJs = await loadedBy(base);
  // The baseline build on the very same pages, so the JavaScript gate compares the two builds on
  // one page and one catalogue rather than with figures measured on other pages.
  const baselineLoadedJs = baseline ? await loadedBy(baseline.base) : null;
  await browser.close();
  log(
    `JavaScript loaded by each page (gzip KB): ${Object.entries(loadedJs)
      .map(([k, v]) => `${k} ${v.gzipKb}`)
      .join(', ')}`,
  );

  // Lighthouse's own guidance on variability (docs/variability.md in its repository: run it five
  // times, take the median): a score moves from run to run on the same page (here up to ±10
  // points of performance within minutes, by the total blocking time), so each page is audited
  // five times (`audits`) and the run with the median performance score counts. A page compared
  // with the baseline is audited on both builds in turn, the order swapped every round, so the
  // machine's drift falls on both alike.
  const lighthouse: Record<string, LighthouseResult> = {};
  const baselineLighthouse: Record<string, LighthouseResult> = {};
  if (!existsSync(chromePath)) {
    log(`No Chromium at ${chromePath}: Lighthouse skipped.`);
  } else {
    for (const page of pages.filter((p) => audited.includes(p.name))) {
      const compared = baseline?.pages.includes(page.name) ? baseline : null;
      const current: LighthouseScores[] = [];
      const ofBaseline: LighthouseScores[] = [];
      for (let i = 0; i < audits; i++) {
        const auditCurrent = () => current.push(auditPage(root, `${base}${page.url}`, chromePath, page.name));
        const auditBaseline = () =>
          compared &&
          ofBaseline.push(auditPage(root, `${compared.base}${page.url}`, chromePath, `baseline-${page.name}`));
        if (i % 2) {
          auditCurrent();
          auditBaseline();
        } else {
          auditBaseline();
          auditCurrent();
        }
      }
      lighthouse[page.name] = medianAudit(current);
      log(`Lighthouse ${page.name}: ${JSON.stringify(lighthouse[page.name])}`);
      if (compared) {
        baselineLighthouse[page.name] = medianAudit(ofBaseline);
        log(`Lighthouse ${page.name}, baseline build: ${JSON.stringify(baselineLighthouse[page.name])}`);
      }
    }
  }

  return {
    reachable: js,
    loaded: loadedJs,
    baselineLoaded: baselineLoadedJs,
    lighthouse,
    baselineLighthouse: baseline ? baselineLighthouse : null,
  };
}

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
