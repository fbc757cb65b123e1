import type { JobContext } from '@gnology/platform/jobs/types';
import type { AlbumDeps } from '../context';
import { renderAlbum } from '../use-cases/render-album';
import type { RenderAlbumJob } from './enqueue';

/** The worker's handler for one album: the render-album use case with the job's data, attempt and signal. */
export function createAlbumRenderer(deps: Pick<AlbumDeps, 'database' | 'storage' | 'photos' | 'logger' | 'config'>) {
  return (job: JobContext<RenderAlbumJob>) => renderAlbum(deps, job);
}
