// The server-rendered pages: time to first byte, HTML and JavaScript sizes (gzip), and a
// Lighthouse mobile performance score when the `lighthouse` package can be loaded.
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { percentile } from './measure.mjs';

/** Sequential requests per page: one at a time, so the time is the server's, not a queue's. */
const REQUESTS = 40;

/** Milliseconds until the response's headers arrived (the first byte), and the whole body. */
function timedGet(url) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { headers: { 'accept-language': 'en', accept: 'text/html' } }, (response) => {
      const ttfb = performance.now() - started;
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, ttfb, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(30_000, () => request.destroy(new Error(`GET ${url} timed out`)));
  });
}

const gzipSize = (buffer) => zlib.gzipSync(buffer, { level: 6 }).length;

/** Every script the page loads at start: module preloads, module scripts and inline imports. */
function scriptUrls(html) {
  const urls = new Set();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/import\(?\s*["'](\/[^"']+\.js)["']/g)) urls.add(match[1]);
  return [...urls];
}
const styleUrls = (html) => [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

async function assetsSize(base, urls) {
  let total = 0;
  for (const url of urls) {
    const response = await fetch(new URL(url, base));
    if (response.ok) total += gzipSize(Buffer.from(await response.arrayBuffer()));
  }
  return total;
}

/**
 * Lighthouse, when it can be imported: from the bench's own node_modules, or from the directory
 * named by LIGHTHOUSE_DIR (a separate `npm i lighthouse`, since it is not a dependency of the
 * repository). Chromium comes from CHROME_PATH, else /usr/bin/chromium.
 */
async function loadLighthouse() {
  const bases = [process.env.LIGHTHOUSE_DIR, path.dirname(new URL(import.meta.url).pathname)].filter(Boolean);
  for (const base of bases) {
    try {
      const require = createRequire(path.join(path.resolve(base), 'package.json'));
      const lighthouse = (await import(pathToFileURL(require.resolve('lighthouse')).href)).default;
      const chromeLauncher = await import(pathToFileURL(require.resolve('chrome-launcher')).href);
      return { lighthouse, chromeLauncher };
    } catch {
      // Not installed there: try the next place.
    }
  }
  return null;
}

async function lighthouseScores(base, pages) {
  const modules = await loadLighthouse();
  if (!modules) return { note: 'not installed (npm i lighthouse in a directory of your choice, then LIGHTHOUSE_DIR=that directory)' };
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const chrome = await modules.chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const scores = new Map();
  let version = '';
  try {
    for (const page of pages) {
      try {
        // The default configuration is Lighthouse's mobile preset (emulated phone, throttled network and CPU).
        // A run whose trace failed (NO_NAVSTART, seen now and then on Debian's Chromium) scores
        // nothing: it is run again, up to three times, before it is reported as an error.
        let result;
        for (let attempt = 1; attempt <= 3; attempt++) {
          result = await modules.lighthouse(new URL(page.path, base).href, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
          if (!result.lhr.runtimeError) break;
        }
        const audits = result.lhr.audits;
        version = result.lhr.lighthouseVersion;
        scores.set(page.name, {
          performance: result.lhr.categories.performance.score,
          firstContentfulPaintMs: audits['first-contentful-paint']?.numericValue,
          largestContentfulPaintMs: audits['largest-contentful-paint']?.numericValue,
          totalBlockingTimeMs: audits['total-blocking-time']?.numericValue,
          cumulativeLayoutShift: audits['cumulative-layout-shift']?.numericValue,
        });
        if (result.lhr.runtimeError) scores.set(page.name, { error: result.lhr.runtimeError.message });
      } catch (error) {
        scores.set(page.name, { error: error.message });
      }
    }
  } finally {
    await chrome.kill();
  }
  return { scores, note: `Lighthouse ${version} mobile preset (emulated phone, throttled), ${chromePath}` };
}

/** Measures each page: { name, path } with path relative to the server. */
export async function measurePages(server, pages, { lighthouse = true } = {}) {
  const results = [];
  for (const page of pages) {
    const url = server.url + page.path;
    // A page that does not answer is reported as such; the other pages are still measured.
    const first = await timedGet(url).catch((error) => ({ status: 0, ttfb: 0, body: Buffer.from(error.message) }));
    if (first.status !== 200) {
      results.push({ name: page.name, path: page.path, requests: 0, error: `GET ${page.path} answered ${first.status}: ${first.body.toString('utf8').slice(0, 200)}` });
      continue;
    }
    const times = [];
    for (let i = 0; i < REQUESTS; i++) {
      const path = page.vary ? page.vary(i) : page.path;
      const { ttfb, status } = await timedGet(server.url + path).catch(() => ({ status: 0, ttfb: 0 }));
      if (status === 200) times.push(ttfb);
    }
    times.sort((a, b) => a - b);
    const html = first.body.toString('utf8');
    const scripts = scriptUrls(html);
    results.push({
      name: page.name,
      path: page.path,
      requests: times.length,
      ttfbMs: { p50: Number((percentile(times, 0.5) ?? NaN).toFixed(2)), p95: Number((percentile(times, 0.95) ?? NaN).toFixed(2)) },
      htmlBytes: first.body.length,
      htmlGzipBytes: gzipSize(first.body),
      jsFiles: scripts.length,
      jsGzipBytes: await assetsSize(url, scripts),
      cssGzipBytes: await assetsSize(url, styleUrls(html)),
    });
  }
  if (lighthouse) {
    try {
      const { scores, note } = await lighthouseScores(server.url, pages.filter((p) => !results.find((r) => r.name === p.name)?.error));
      for (const result of results.filter((r) => !r.error)) result.lighthouse = { ...(scores?.get(result.name) ?? {}), note };
    } catch (error) {
      for (const result of results) result.lighthouse = { error: error.message };
    }
  }
  return results;
}
