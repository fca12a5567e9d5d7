import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { WebContext } from '@tessera/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';

export type { WebContext };

export interface RegisterWebOptions {
  /** Vite dev server with live reload instead of the built files. */
  dev: boolean;
  /** Absolute path of apps/web. */
  webRoot: string;
  getContext(request: FastifyRequest, reply: FastifyReply): WebContext;
}

/** React Router's load context is an open record; the web app reads it as a WebContext. */
function loadContext(context: WebContext): AppLoadContext {
  return { ...context };
}

/** Paths that are never pages: the server's own routes answer them (or its JSON 404). */
const NOT_PAGES = /^\/(?:v1|chat|docs|assets)(?:\/|$)|^\/(?:healthz|readyz|metrics|mqtt)$/;

function pathnameOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

export function isPagePath(url: string): boolean {
  return !NOT_PAGES.test(pathnameOf(url));
}

/**
 * Whether this GET reaches the pages. Only paths no server route answered get here, so an API-ish
 * path (`/chat/nope`, `/v1/typo`) is unknown: a browser asking for HTML gets the site's not-found
 * page (status 404, in its layout and language) instead of raw JSON; API clients keep the JSON 404.
 * Built files under /assets never become pages.
 */
export function rendersPage(request: FastifyRequest): boolean {
  if (isPagePath(request.url)) return true;
  if (pathnameOf(request.url).startsWith('/assets/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/** The Fastify request as a web Request (GET and HEAD only: pages have no bodies). */
export function toWebRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const host = request.host || 'localhost';
  const url = new URL(request.url, `${request.protocol}://${host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  return new Request(url, { method: request.method, headers, signal });
}

/** Aborts the render when the client goes away before the answer is complete. */
function abortOnClose(reply: FastifyReply): AbortController {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller;
}

/** Headers of a web Response as Node header values; Set-Cookie stays a list. */
function responseHeaders(response: Response): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') out[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  // Pages carry a per-request CSP nonce and the visitor's language: never store them in a cache.
  if (!('cache-control' in out)) out['cache-control'] = 'no-store';
  return out;
}

function bodyStream(response: Response): Readable | null {
  if (!response.body) return null;
  return Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>);
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of Object.entries(responseHeaders(response))) reply.header(name, value);
  const body = bodyStream(response);
  return body ? reply.send(body) : reply.send();
}

/** Writes a web Response to a hijacked reply (dev mode, where Vite owns the raw response). */
async function writeRawResponse(reply: FastifyReply, response: Response): Promise<void> {
  const raw = reply.raw;
  raw.statusCode = response.status;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) raw.setHeader(name, value);
  }
  for (const [name, value] of Object.entries(responseHeaders(response))) raw.setHeader(name, value);
  const body = bodyStream(response);
  if (!body) {
    raw.end();
    return;
  }
  await new Promise<void>((resolve) => {
    body.once('error', (error) => {
      raw.destroy(error);
      resolve();
    });
    raw.once('close', resolve);
    body.pipe(raw);
  });
}

const ONE_YEAR = 31_536_000;

function staticCacheControl(filePath: string): string {
  const file = filePath.split(path.sep).join('/');
  if (file.includes('/assets/')) return `public, max-age=${ONE_YEAR}, immutable`;
  if (file.endsWith('/sw.js')) return 'no-cache';
  return 'public, max-age=3600';
}

async function registerProduction(app: FastifyInstance, options: RegisterWebOptions): Promise<void> {
  const clientDir = path.join(options.webRoot, 'build', 'client');
  const serverBuild = path.join(options.webRoot, 'build', 'server', 'index.js');
  if (!existsSync(serverBuild) || !existsSync(clientDir)) {
    throw new Error(`The web app is not built (${serverBuild} is missing): run "npm run build" first.`);
  }
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  const handle = createRequestHandler(build, 'production');

  // One route per built file (no wildcard), so that every other path reaches the pages below.
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    cacheControl: false,
    serveDotFiles: false,
    setHeaders(res, filePath) {
      res.setHeader('cache-control', staticCacheControl(filePath));
      if (filePath.endsWith(`${path.sep}sw.js`)) res.setHeader('service-worker-allowed', '/');
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      if (!rendersPage(request)) return reply.callNotFound();
      const controller = abortOnClose(reply);
      const response = await handle(toWebRequest(request, controller.signal), loadContext(options.getContext(request, reply)));
      return sendWebResponse(reply, response);
    },
  });
}

async function registerDevelopment(app: FastifyInstance, options: RegisterWebOptions): Promise<void> {
  const { createServer } = await import('vite');
  const vite: ViteDevServer = await createServer({
    root: options.webRoot,
    configFile: path.join(options.webRoot, 'vite.config.ts'),
    appType: 'custom',
    server: {
      middlewareMode: true,
      hmr: { port: Number(process.env.VITE_HMR_PORT ?? 24678) },
    },
  });
  app.addHook('onClose', async () => {
    await vite.close();
  });

  async function render(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as unknown as ServerBuild;
      const handle = createRequestHandler(build, 'development');
      const controller = abortOnClose(reply);
      const response = await handle(toWebRequest(request, controller.signal), loadContext(options.getContext(request, reply)));
      await writeRawResponse(reply, response);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      request.log.error({ err: error }, 'page render failed');
      if (!reply.raw.headersSent) {
        reply.raw.statusCode = 500;
        reply.raw.setHeader('content-type', 'text/plain; charset=utf-8');
      }
      reply.raw.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
  }

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: (request, reply) => {
      if (!rendersPage(request) && !pathnameOf(request.url).startsWith('/assets/')) return reply.callNotFound();
      // Vite answers its own modules, assets and public files; everything else is a page.
      reply.hijack();
      vite.middlewares(request.raw, reply.raw, (error?: unknown) => {
        if (error) {
          request.log.error({ err: error }, 'vite middleware failed');
          reply.raw.statusCode = 500;
          reply.raw.end();
          return;
        }
        void render(request, reply);
      });
    },
  });
}

/**
 * Serves the web app: static files and server-rendered pages for every GET/HEAD that is not an API,
 * docs, probe, metrics or MQTT path. It registers no not-found handler, so unknown API paths still
 * get the server's JSON 404.
 */
export async function registerWeb(app: FastifyInstance, options: RegisterWebOptions): Promise<void> {
  if (options.dev) await registerDevelopment(app, options);
  else await registerProduction(app, options);
}
