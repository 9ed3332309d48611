/**
 * The address this server's own processes reach it at, from the host and port it listens on: a
 * wildcard host (every interface) is reached on the loopback address, and an IPv6 address goes in
 * brackets. The stand-in providers living in the server's process are called at this address, by
 * the server itself and by `npm run job` beside it.
 */
export function siteUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** a DNS name (labels of letters, digits and inner hyphens), an IPv4 address or a bracketed IPv6 one */
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/;
const IPV6 = /^\[[0-9a-f:.]{2,45}\]$/;

/**
 * issue 33 (DESIGN.md section 5): the origin a request itself reached, for the absolute URLs handed
 * out when PUBLIC_URL is unset (the cashier's return and notify addresses): the browser's Host
 * header, or X-Forwarded-Host / X-Forwarded-Proto when TRUST_PROXY is on (Fastify's req.host and
 * req.protocol read those only then). Never the address the server listens on: a member browsing
 * http://localhost:3000 comes back to localhost:3000, where their session is. The value is checked
 * before use (a DNS name, IPv4 or bracketed IPv6, an optional port 1-65535, nothing else: no
 * credentials, path, spaces or markup), lower-cased; anything else answers null. See
 * docs/decisions.md "Absolute URLs without PUBLIC_URL".
 */
export function requestOrigin(req: { host?: string; protocol?: string }): string | null {
  const protocol = req.protocol === 'https' ? 'https' : req.protocol === 'http' ? 'http' : null;
  const raw = typeof req.host === 'string' ? req.host.trim().toLowerCase() : '';
  if (!protocol || !raw || raw.length > 260) return null;
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(raw);
  if (!m) return null;
  const [, name, port] = m;
  if (!(IPV6.test(name) || HOST_NAME.test(name))) return null;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  const defaultPort = protocol === 'https' ? '443' : '80';
  return `${protocol}://${name.replace(/\.$/, '')}${port && port !== defaultPort ? `:${Number(port)}` : ''}`;
}
