/**
 * The Prometheus endpoint: GET /metrics on its own listener, METRICS_HOST:METRICS_PORT (default
 * 127.0.0.1:9464; METRICS_PORT=0 turns it off), apart from the shop's port so it is never
 * exposed with the shop. A single process serves its own registry (src/lib/metrics.ts); a cluster
 * primary serves its workers' series added up (prom-client's AggregatorRegistry asks every worker
 * over the cluster's IPC channel). Anything else on the port answers 404.
 */
import http from 'node:http';
import { AggregatorRegistry } from 'prom-client';
import { getConfig } from '#lib/config.ts';
import { logger } from '#lib/log.ts';
import { metricsRegistry } from '#lib/metrics.ts';

/** The running endpoint, to close when the process stops. */
export interface MetricsServer {
  close(): Promise<void>;
}

/**
 * Starts the endpoint when METRICS_PORT is set: `cluster` for a primary (its workers' series),
 * else this process's own. A port it cannot take is logged and the shop serves without it.
 */
export function startMetricsServer({ cluster }: { cluster: boolean }): MetricsServer | undefined {
  const { METRICS_PORT: port, METRICS_HOST: host } = getConfig();
  if (port === 0) return undefined;
  const aggregator = cluster ? new AggregatorRegistry() : undefined;
  const registry = metricsRegistry();
  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at /metrics.\n');
      return;
    }
    try {
      const text = aggregator ? await aggregator.clusterMetrics() : await registry.metrics();
      res.writeHead(200, { 'content-type': (aggregator ?? registry).contentType, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : text);
    } catch (err) {
      logger.warn({ err }, 'metrics: the series could not be gathered');
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics unavailable; try again.\n');
    }
  });
  server.on('error', (err: NodeJS.ErrnoException) =>
    logger.error(
      `metrics endpoint not started on ${host}:${port}: ${err.message}; set METRICS_PORT to a free port, or 0`,
    ),
  );
  server.listen(port, host);
  return {
    close: () =>
      new Promise((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
