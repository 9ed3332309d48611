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
