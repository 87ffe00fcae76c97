import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  ExpectedVersion,
  NewEvent,
  StreamAppend,
} from '@shop/infrastructure';
import { WEB_APP_ROUTE } from '../web/web-app-route';
import { countSetAsideEvents, measureProjectionLag } from './projection-lag';

/**
 * The process's Prometheus metrics, in a registry of its own (tests start several apps in one
 * process, and prom-client's default registry is global). Lag and set-aside counts are measured
 * when scraped, so they cost nothing between scrapes.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly eventsAppended = new Counter({
    name: 'events_appended_total',
    help: 'Events appended to the event store by this process',
    registers: [this.registry],
  });

  constructor(knex: Knex, eventStore: EventStore, projectionNames: readonly string[]) {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'projection_lag_events',
      help: 'Events in the store not yet applied to each read model (counted up to 10000)',
      labelNames: ['projection'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [projection, lag] of await measureProjectionLag(knex, eventStore, projectionNames))
          this.set({ projection }, lag);
      },
    });
    new Gauge({
      name: 'projection_set_aside_events',
      help: 'Events set aside per projection (rows of projection_set_aside)',
      labelNames: ['projection'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const counts = await countSetAsideEvents(knex);
        for (const projection of projectionNames) this.set({ projection }, counts.get(projection) ?? 0);
      },
    });
  }

  /** Counts and times every request by its route pattern (never the raw URL: ids would explode the label set). */
  installHttpMetrics(server: FastifyInstance): void {
    server.addHook('onResponse', (request, reply, done) => {
      const route = routeLabel(request);
      this.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      this.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
      done();
    });
  }

  /** The event store, counting the events appended through it. */
  countAppends(eventStore: EventStore): EventStore {
    const counter = this.eventsAppended;
    return {
      get engine() {
        return eventStore.engine;
      },
      async append(
        streamId: string,
        events: readonly NewEvent[],
        expectedVersion: ExpectedVersion,
      ): Promise<AppendResult> {
        const result = await eventStore.append(streamId, events, expectedVersion);
        counter.inc(events.length);
        return result;
      },
      async appendMany(appends: readonly StreamAppend[], options?: AppendOptions): Promise<AppendResult[]> {
        const results = await eventStore.appendMany(appends, options);
        counter.inc(appends.reduce((sum, append) => sum + append.events.length, 0));
        return results;
      },
      readStream: (streamId) => eventStore.readStream(streamId),
      readAll: (options) => eventStore.readAll(options),
      subscribe: (options) => eventStore.subscribe(options),
      headPosition: () => eventStore.headPosition(),
      newestCommittedPosition: () => eventStore.newestCommittedPosition(),
      close: () => eventStore.close(),
    };
  }
}

/** The route pattern the request matched; outside Nest's routes, 'unmatched' under /api/ and 'static' elsewhere. */
function routeLabel(request: FastifyRequest): string {
  const pattern = request.is404 ? undefined : request.routeOptions.url;
  if (pattern && pattern !== WEB_APP_ROUTE) return pattern;
  return request.url.startsWith('/api/') ? 'unmatched' : 'static';
}
