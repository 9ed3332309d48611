/**
 * The POST paths of Fastify's printed route tree (`app.http.printRoutes({ commonPrefix: false })`):
 * each line is indentation (4 characters a level), a branch mark and a path piece that continues
 * its parent's ('api/applyagent' with children 'do' and 'info').
 */
export function postRoutes(tree: string): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^(.*?)[└├]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2];
    stack[depth] = path;
    if (m[3]?.split(', ').includes('POST')) out.push(path.startsWith('/') ? path : `/${path}`);
  }
  return out;
}
