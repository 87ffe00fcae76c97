import { KurrentEventStore, type EventStore } from '@shop/services/event-store';
import { describeEventStoreContract } from './event-store.contract';

const eventStoreUrl = process.env.EVENTSTORE_URL;

if (eventStoreUrl) {
  // The server is shared and never emptied: the contract only looks at its own, uniquely named streams.
  describeEventStoreContract('KurrentDB adapter', async () => {
    const stores: EventStore[] = [KurrentEventStore.connect(eventStoreUrl)];
    return {
      store: stores[0]!,
      async openAnotherStore() {
        const other = KurrentEventStore.connect(eventStoreUrl);
        stores.push(other);
        return other;
      },
      async dispose() {
        await Promise.all(stores.map((store) => store.close()));
      },
    };
  });
} else {
  describe.skip('EventStore contract: KurrentDB (set EVENTSTORE_URL to run)', () => {
    it('needs EVENTSTORE_URL', () => undefined);
  });
}
