import { KurrentEventStore, type EventStore } from '@shop/infrastructure';
import { dockerEngine } from '../support/docker-engine';
import { describeEventStoreContract } from './event-store.contract';

/** 25.1 or later: the adapter's atomic multi-stream append needs multiStreamAppend. */
const KURRENTDB_IMAGE = 'docker.kurrent.io/kurrent-latest/kurrentdb:25.1.0';

// EVENTSTORE_URL wins; otherwise testcontainers starts a throwaway KurrentDB when a Docker engine is there.
const eventStoreUrl = process.env.EVENTSTORE_URL;

/** A harness over `url`; `stopServer` ends the container when the suite started one. */
function harnessOn(url: string, stopServer: () => Promise<void> = async () => undefined) {
  const stores: EventStore[] = [KurrentEventStore.connect(url)];
  return {
    store: stores[0]!,
    async openAnotherStore() {
      const other = KurrentEventStore.connect(url);
      stores.push(other);
      return other;
    },
    async dispose() {
      await Promise.all(stores.map((store) => store.close()));
      await stopServer();
    },
  };
}

if (eventStoreUrl) {
  // The server is shared and never emptied: the contract only looks at its own, uniquely named streams.
  describeEventStoreContract('KurrentDB adapter', async () => harnessOn(eventStoreUrl));
} else if (dockerEngine) {
  describeEventStoreContract('KurrentDB adapter (testcontainers)', async () => {
    // Loaded only here: without an engine the suite must not need it.
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer(KURRENTDB_IMAGE)
      .withEnvironment({
        KURRENTDB_CLUSTER_SIZE: '1',
        KURRENTDB_RUN_PROJECTIONS: 'None',
        KURRENTDB_INSECURE: 'true',
        KURRENTDB_ENABLE_ATOM_PUB_OVER_HTTP: 'false',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .withStartupTimeout(120_000)
      .start();
    const url = `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
    return harnessOn(url, async () => {
      await container.stop();
    });
  });
} else {
  process.stdout.write('KurrentDB contract: skipped (no EVENTSTORE_URL and no Docker engine for testcontainers)\n');
  describe.skip('EventStore contract: KurrentDB (set EVENTSTORE_URL, or run a Docker engine for testcontainers)', () => {
    it('needs EVENTSTORE_URL or a Docker engine', () => undefined);
  });
}
