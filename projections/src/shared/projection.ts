import type { DomainEvent, EventMetadata, EventType } from '@shop/contracts';
import type { GlobalPosition } from '@shop/infrastructure';
import type { ProjectionSql } from './projection-sql';

/**
 * A stored event after its data went through `toDomainEvent`: discriminated on `type` like DomainEvent,
 * plus where and when it happened. Parsed once per batch by the runner, shared by every projection.
 */
export type ProjectedEvent = DomainEvent & {
  readonly eventId: string;
  readonly streamId: string;
  readonly position: GlobalPosition;
  readonly metadata: EventMetadata;
};
export type ProjectedEventOf<T extends EventType> = Extract<ProjectedEvent, { type: T }>;

/**
 * One read model. `project` receives only the events it `handles`, strictly after its checkpoint,
 * in global order, inside the transaction that also moves its checkpoint: every statement goes
 * through `sql` (reads with query, writes with write; see ProjectionSql).
 */
export interface ReadModelProjection {
  readonly name: string;
  readonly handles: readonly EventType[];
  /** Tables it alone writes; a rebuild truncates them. */
  readonly tables: readonly string[];
  project(events: readonly ProjectedEvent[], sql: ProjectionSql): Promise<void>;
}

/** Types `project` against the handled subset so its switch can be exhaustive. */
export function defineProjection<T extends EventType>(definition: {
  readonly name: string;
  readonly handles: readonly T[];
  readonly tables: readonly string[];
  project(events: readonly ProjectedEventOf<T>[], sql: ProjectionSql): Promise<void>;
}): ReadModelProjection {
  return definition as ReadModelProjection;
}

export { assertNever } from '@shop/contracts';

export interface ProjectionLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export const consoleLogger: ProjectionLogger = {
  info: (message) => console.log(`[projections] ${message}`),
  warn: (message) => console.warn(`[projections] ${message}`),
  error: (message, error) => console.error(`[projections] ${message}`, error ?? ''),
};
