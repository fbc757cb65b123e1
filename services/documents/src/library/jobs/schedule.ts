import { scheduleEveryInterval } from '@gnology/platform/jobs/interval-schedule';
import type { DocumentsDeps } from '../../context';
import { MAINTENANCE_QUEUE, SWEEP_JOB } from './sweep';

/** The documents sweep, once per interval whatever the number of worker replicas. */
export function startSweepTimer(deps: Pick<DocumentsDeps, 'queue' | 'logger' | 'config'>): NodeJS.Timeout {
  return scheduleEveryInterval(deps, {
    queue: MAINTENANCE_QUEUE,
    name: SWEEP_JOB,
    everyMs: deps.config.DOCUMENTS_SWEEP_INTERVAL_MS,
    idPrefix: 'documents-sweep',
  });
}
