import type { FastifyInstance } from 'fastify';
import { Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from '../lib/errors.js';
import { safeEqual } from '../lib/ids.js';

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** One route and method's tallies: answers by status, and the latency histogram's buckets. */
interface RouteTally {
  statuses: Map<number, number>;
  /** Non-cumulative: bucket i counts answers in (BUCKETS[i-1], BUCKETS[i]]; the last one is +Inf. */
  buckets: Float64Array;
  sum: number;
  count: number;
}

type MetricValue = { labels: Record<string, string | number>; value: number; metricName?: string };

/**
 * Prometheus metrics at /metrics: requests and their latency per route pattern (not per raw URL,
 * so ids in paths do not explode the label set), plus the process's default metrics.
 *
 * The two request metrics are tallied in plain arrays and turned into Prometheus' format only when
 * scraped: prom-client's counter and histogram validate and hash their labels on every observation,
 * a measurable share of a cached catalog read's time.
 */
export function registerMetrics(app: FastifyInstance, options: { token?: string | undefined } = {}): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // route pattern → method → tally
  const tallies = new Map<string, Map<string, RouteTally>>();

  const tallyOf = (route: string, method: string): RouteTally => {
    let byMethod = tallies.get(route);
    if (!byMethod) tallies.set(route, (byMethod = new Map()));
    let tally = byMethod.get(method);
    if (!tally) byMethod.set(method, (tally = { statuses: new Map(), buckets: new Float64Array(BUCKETS.length + 1), sum: 0, count: 0 }));
    return tally;
  };

  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched requests share one label; the page handler's wildcard is one route too.
    const tally = tallyOf(request.routeOptions.url ?? 'unmatched', request.method);
    const status = reply.statusCode;
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
    const seconds = reply.elapsedTime / 1000;
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > BUCKETS[bucket]!) bucket += 1;
    tally.buckets[bucket]! += 1;
    tally.sum += seconds;
    tally.count += 1;
    done();
  });

  const each = function* () {
    for (const [route, byMethod] of tallies) for (const [method, tally] of byMethod) yield { route, method, tally };
  };
  // The registry formats any metric object with get() (its types only name its own classes, hence the cast).
  const register = (name: string, help: string, type: 'counter' | 'histogram', values: () => MetricValue[]) =>
    registry.registerMetric({
      name,
      help,
      type,
      aggregator: 'sum',
      get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
      reset: () => tallies.clear(),
    } as never);
  register('http_requests_total', 'HTTP requests answered, by method, route and status', 'counter', () => {
    const values: MetricValue[] = [];
    for (const { route, method, tally } of each()) {
      for (const [status, count] of tally.statuses) values.push({ labels: { method, route, status: String(status) }, value: count });
    }
    return values;
  });
  register('http_request_duration_seconds', 'Time to answer an HTTP request, by method and route', 'histogram', () => {
    const values: MetricValue[] = [];
    for (const { route, method, tally } of each()) {
      let cumulative = 0;
      BUCKETS.forEach((le, i) => {
        cumulative += tally.buckets[i]!;
        values.push({ metricName: 'http_request_duration_seconds_bucket', labels: { le, method, route }, value: cumulative });
      });
      values.push({ metricName: 'http_request_duration_seconds_bucket', labels: { le: '+Inf', method, route }, value: tally.count });
      values.push({ metricName: 'http_request_duration_seconds_sum', labels: { method, route }, value: tally.sum });
      values.push({ metricName: 'http_request_duration_seconds_count', labels: { method, route }, value: tally.count });
    }
    return values;
  });

  // With METRICS_TOKEN set, only a scraper that sends it reads the metrics (routes, traffic, memory).
  const expected = options.token === undefined ? undefined : `Bearer ${options.token}`;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected !== undefined) {
      const given = request.headers.authorization;
      if (given === undefined || !safeEqual(given, expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError(given === undefined ? 'TOKEN_MISSING' : 'TOKEN_INVALID');
      }
    }
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
