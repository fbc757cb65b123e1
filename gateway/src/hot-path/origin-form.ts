/**
 * The request target in origin form, as every hook and route must see it (issue 29, point 2).
 * Node accepts an absolute-form target ("POST http://host/api/auth/login") and a fragment
 * ("/api/auth/login#x"); the router matched them by their path while the session check and the
 * rate limiter read the raw target, so neither applied. Fastify's `rewriteUrl` runs this once,
 * before routing and before any hook: the path and query stay, the scheme, host and fragment go
 * (the Host header, not the target, names the host). A target that is no URL ("*") is left as is.
 */
export function originForm(target: string): string {
  let path = target;
  if (!path.startsWith('/')) {
    try {
      const url = new URL(path);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return target;
      path = `${url.pathname}${url.search}`;
    } catch {
      return target;
    }
  }
  const hash = path.indexOf('#');
  return hash >= 0 ? path.slice(0, hash) || '/' : path;
}
