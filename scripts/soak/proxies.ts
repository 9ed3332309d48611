import http from 'node:http';
import net from 'node:net';

/**
 * The soak's network pieces, all on 127.0.0.1 (issue 35 point 3): TCP proxies in front of
 * PostgreSQL and Redis that can be cut (every open connection reset, new ones refused), the
 * round-robin front the members reach the two servers through, and an HTTP proxy in front of the
 * stand-in provider that can make the game provider time out (calls held unanswered).
 */
export const LOOPBACK = '127.0.0.1';

/** throws unless the address is on this machine's loopback range: the soak sends nothing elsewhere */
export function assertLoopback(url: string) {
  const host = new URL(url).hostname;
  if (!/^127(\.\d{1,3}){3}$/.test(host)) throw new Error(`soak: ${url} is not a 127.0.0.0/8 address; the soak only talks to this machine`);
}

function listen(server: net.Server | http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => resolve((server.address() as net.AddressInfo).port));
  });
}

export interface TcpProxy {
  port: number;
  /** resets every open connection and refuses new ones until restore() */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function tcpProxy(targetPort: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) return void client.resetAndDestroy();
    const upstream = net.connect(targetPort, LOOPBACK);
    open.add(client).add(upstream);
    const drop = () => {
      open.delete(client);
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  const port = await listen(server);
  return {
    port,
    cut() {
      down = true;
      for (const s of open) s.resetAndDestroy();
      open.clear();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface Front {
  port: number;
  /** backends by index; null while one is down (its port is kept for the restart) */
  backends: number[];
  close(): Promise<void>;
}

/**
 * The round-robin front: each request goes to the next backend; a backend that refuses the
 * connection is skipped for a second and the request tried on the other (nothing was sent, as a
 * balancer does). A backend lost mid-request answers 502 from the front, marked x-soak-front.
 */
export async function roundRobinFront(backends: number[]): Promise<Front> {
  let next = 0;
  const downUntil = new Map<number, number>();
  // a fresh connection per request: a kept-alive one the backend closed would fail a request
  // that cannot be told apart from one the backend received
  const agent = new http.Agent({ keepAlive: false, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= 2_000_000) chunks.push(c);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const order = backends.map((_, i) => (next + i) % backends.length);
      next = (next + 1) % backends.length;
      const live = order.filter((i) => (downUntil.get(i) ?? 0) < Date.now());
      const tries = live.length ? live : order;
      const attempt = (k: number) => {
        const i = tries[k]!;
        const up = http.request(
          { host: LOOPBACK, port: backends[i], method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? LOOPBACK }, agent },
          (upRes) => {
            res.writeHead(upRes.statusCode ?? 502, upRes.headers);
            upRes.pipe(res);
            upRes.on('error', () => res.destroy());
          },
        );
        up.on('error', (err: NodeJS.ErrnoException) => {
          if (res.headersSent) return void res.destroy();
          // only a refused connection is tried elsewhere: a request that may have reached a
          // backend is never sent twice (a POST that moves money must not run again)
          if (err.code === 'ECONNREFUSED') {
            downUntil.set(i, Date.now() + 1000);
            if (k + 1 < tries.length) return attempt(k + 1);
          }
          res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'x-soak-front': '1' });
          res.end(JSON.stringify({ code: 502, message: `front: backend ${i} ${err.code ?? err.message}`, data: null }));
        });
        up.end(body);
      };
      attempt(0);
    });
  });
  server.keepAliveTimeout = 5000;
  const port = await listen(server);
  return {
    port,
    backends,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface SandboxProxy {
  port: number;
  /** from now on calls to the game provider (/sandbox/provider/) are held unanswered */
  hang(): void;
  /** answers normally again; the calls held meanwhile are dropped (their callers timed out) */
  release(): void;
  held(): number;
  close(): Promise<void>;
}

/** An HTTP proxy in front of the stand-in sandbox process; only the provider's calls can be made to hang. */
export async function sandboxProxy(targetPort: number): Promise<SandboxProxy> {
  let hanging = false;
  const heldReqs = new Set<http.ServerResponse>();
  let heldTotal = 0;
  const agent = new http.Agent({ keepAlive: false, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    if (hanging && req.url?.startsWith('/sandbox/provider/')) {
      heldReqs.add(res);
      heldTotal++;
      res.on('close', () => heldReqs.delete(res));
      req.resume();
      return;
    }
    const up = http.request({ host: LOOPBACK, port: targetPort, method: req.method, path: req.url, headers: req.headers, agent }, (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      upRes.pipe(res);
    });
    up.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(up);
  });
  const port = await listen(server);
  return {
    port,
    hang: () => void (hanging = true),
    release() {
      hanging = false;
      for (const r of heldReqs) r.destroy();
      heldReqs.clear();
    },
    held: () => heldTotal,
    close: () =>
      new Promise((resolve) => {
        for (const r of heldReqs) r.destroy();
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
