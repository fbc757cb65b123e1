// The floor: the least a Node proxy can do on this machine. No checks, no hooks: node:http in,
// an undici Pool with keep-alive to the upstream, the body streamed back.
import http from 'node:http';
import { Pool } from 'undici';
import './cpu-probe';

const upstream = new Pool(`http://127.0.0.1:${process.env.UPSTREAM_PORT ?? 19181}`, {
  connections: 128,
  pipelining: 1,
});
const server = http.createServer(async (req, res) => {
  try {
    const r = await upstream.request({
      method: req.method as 'GET',
      path: req.url ?? '/',
      headers: { 'x-forwarded-for': req.socket.remoteAddress ?? '' },
    });
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(r.headers))
      if (v !== undefined && k !== 'connection' && k !== 'keep-alive' && k !== 'transfer-encoding') headers[k] = v;
    res.writeHead(r.statusCode, headers);
    for await (const chunk of r.body) res.write(chunk);
    res.end();
  } catch {
    res.writeHead(503).end();
  }
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 19182), '127.0.0.1', () => process.send?.('ready'));
