/**
 * The JavaScript a page downloads, for the budget tests: every response Chromium loads as a
 * script, gzipped, counted once per URL (a chunk can arrive as two responses, e.g. its
 * modulepreload and its import, but the page downloads it once).
 */
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/** Starts recording `page`'s scripts; the returned function gives their gzipped bytes so far, by URL. */
export function recordScripts(page: Page): () => Promise<{ total: number; scripts: Map<string, number> }> {
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    const url = res.url();
    pending.push(
      res.body().then(
        (body) => void scripts.set(url, gzipSync(body).length),
        () => undefined,
      ),
    );
  });
  return async () => {
    await Promise.all(pending);
    let total = 0;
    for (const bytes of scripts.values()) total += bytes;
    return { total, scripts };
  };
}

/** The scripts as text for a failure message: "12.3 KB https://…/chunk.js" per line, largest first. */
export function describeScripts(scripts: Map<string, number>): string {
  return [...scripts]
    .sort((a, b) => b[1] - a[1])
    .map(([url, bytes]) => `${(bytes / 1024).toFixed(1)} KB ${url}`)
    .join('\n');
}
