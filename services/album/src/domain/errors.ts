import { HttpError } from '@gnology/platform/http/errors';

/** A render that can never succeed (no photo left, an unreadable file): fail at once, no retry. */
export class PermanentAlbumError extends Error {}

/** The message stored on a failed album: ours when we know what went wrong, a general one otherwise. */
export function readableAlbumError(err: unknown): string {
  if (err instanceof PermanentAlbumError) return err.message;
  if (err instanceof HttpError && err.statusCode === 503)
    return 'The photos could not be read just now. Please try again.';
  return 'Failed to generate album. Please try again.';
}
