import {
  ANY,
  NO_STREAM,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import type { AllStreamResolvedEvent } from '@kurrent/kurrentdb-client';
import { WrongExpectedVersionError } from '../event-store.port';
import { toEventData, toStoredEvent, toStreamState, translateAppendError } from './kurrent-event.mapper';

const metadata = { actorId: null, actorName: 'Till 1', at: '2025-03-01T09:30:00.000Z', correlationId: 'c-1' };

describe('KurrentDB event mapping', () => {
  it('maps counts to revisions: 0 is no stream, n is revision n-1, any is any', () => {
    expect(toStreamState(0)).toBe(NO_STREAM);
    expect(toStreamState(1)).toBe(0n);
    expect(toStreamState(7)).toBe(6n);
    expect(toStreamState('any')).toBe(ANY);
  });

  it('sends metadata as string properties only, as multiStreamAppend requires', () => {
    const data = toEventData({ type: 'StockReceived', schemaVersion: 2, data: { sku: 'A' }, metadata, id: 'id-1' });
    expect(data).toMatchObject({ id: 'id-1', type: 'StockReceived', contentType: 'application/json' });
    expect(Object.values(data.metadata as Record<string, unknown>).every((value) => typeof value === 'string')).toBe(
      true,
    );
  });

  it('reads back what it wrote, and skips system events', () => {
    const written = toEventData({ type: 'StockReceived', schemaVersion: 2, data: { sku: 'A' }, metadata });
    const recorded = (type: string): AllStreamResolvedEvent =>
      ({
        event: {
          streamId: 'product-1',
          id: written.id,
          isJson: true,
          revision: 4n,
          type,
          created: new Date(),
          data: written.data,
          metadata: written.metadata,
          position: { commit: 120n, prepare: 118n },
        },
      }) as AllStreamResolvedEvent;

    expect(toStoredEvent(recorded('StockReceived'))).toEqual({
      id: written.id,
      streamId: 'product-1',
      streamVersion: 5,
      position: { commit: 120n, prepare: 118n },
      type: 'StockReceived',
      schemaVersion: 2,
      data: { sku: 'A' },
      metadata,
    });
    expect(toStoredEvent(recorded('$metadata'))).toBeNull();
  });

  it("turns the client's version error into the port's, with counts instead of revisions", () => {
    const error = new KurrentWrongExpectedVersionError(undefined, {
      streamName: 'order-1',
      expected: NO_STREAM,
      current: 2n,
    });
    expect(translateAppendError(error, new Map([['order-1', 0]]))).toEqual(
      new WrongExpectedVersionError('order-1', 0, 3),
    );
    const missing = new KurrentWrongExpectedVersionError(undefined, {
      streamName: 'order-2',
      expected: 4n,
      current: NO_STREAM,
    });
    expect(translateAppendError(missing, new Map([['order-2', 5]]))).toMatchObject({ actualVersion: null });
    const other = new Error('unavailable');
    expect(translateAppendError(other, new Map())).toBe(other);
  });
});
