import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file field, as a browser's FormData sends it. */
export function multipart(filename: string, content: Buffer, opts: { field?: string; contentType?: string } = {}) {
  const boundary = `----gnology${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'document'}"; filename="${filename}"\r\nContent-Type: ${opts.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    boundary,
    head,
    tail,
  };
}
