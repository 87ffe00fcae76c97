import type { ProjectionLogger } from '../shared/projection';
import type { SetAsideNotice } from './apply-batch';
import { formatPosition } from './set-aside.store';

/** The alert for each event set aside: where it is and why, never its data. */
export function reportSetAside(logger: ProjectionLogger, notices: readonly SetAsideNotice[]): void {
  for (const { projection, stored, message } of notices) {
    logger.error(
      `projection ${projection} set aside event ${formatPosition(stored.position)} ` +
        `(stream ${stored.streamId}, type ${stored.type}, id ${stored.id}): ${message}. ` +
        'It keeps following later events; see "Set-aside events" in docs/operations.md',
    );
  }
}
