/**
 * The route preload script (issue 37 point 5), written by the build (vite.config.ts, routePreload).
 *
 * A cold load asked for the screen's own files only once the first download had been evaluated
 * (router.tsx preloadScreen): on a loaded 2-core machine the screen's 20 or so files started
 * 270 ms after the first ones had arrived, and waited on nothing else. This script, a file of our
 * own (the back-office's CSP allows scripts from 'self' only, so it cannot be inline), runs as
 * soon as it arrives, beside the first download, and asks at once for the files of the screen at
 * the page's address: the same modulepreload links Vite's loader would add later, which then
 * finds them there. It also asks the server who the operator is (/admin/api/me, which the frame
 * waits for before it draws the screen) and leaves the answer's promise in `window.__adminBoot`
 * for the app's first such call (api/client.ts), which otherwise left only once the first download
 * had been evaluated. Signed out, it links the sign-in page's files instead (every address shows
 * that page then); nothing at all happens once the app has started (the script arrived late).
 */
/** the call the script makes early, as api/client.ts makes it (POST, an empty JSON body) */
export const ME_PATH = '/admin/api/me';

export interface RouteFiles {
  /** a screen path as in routes/screens.tsx, `:name` for a segment */
  path: string;
  /** files under the assets folder, the screen's own chunk first */
  files: string[];
}

/** `/members/:username` -> a regular expression source matching it as react-router's matchPath does (whole path, optional trailing slash) */
export function routePattern(path: string): string {
  if (path === '/') return '^/?$';
  const parts = path.split('/').map((p) => (p.startsWith(':') ? '[^/]+' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^${parts.join('/')}/?$`;
}

/**
 * The script's source: routes are tried in order (static paths come before `:id` ones in the
 * screen table, as for preloadScreen), the first match's files are linked as modulepreload;
 * `signedOut`: the sign-in page's files, linked when there is no token.
 */
export function routePreloadScript(routes: RouteFiles[], assetsBase: string, tokenKey: string, basename: string, signedOut: string[] = []): string {
  const files = [...new Set([...routes.flatMap((r) => r.files), ...signedOut])];
  const table = routes.map((r) => [routePattern(r.path), r.files.map((f) => files.indexOf(f))]);
  const base = basename.replace(/\/$/, '');
  return `(function(){
if(window.__adminBoot)return;
var F=${JSON.stringify(files)},R=${JSON.stringify(table)},S=${JSON.stringify(signedOut.map((f) => files.indexOf(f)))};
function link(n){for(var j=0;j<n.length;j++){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=${JSON.stringify(assetsBase)}+F[n[j]];document.head.appendChild(l)}}
var t;try{t=localStorage.getItem(${JSON.stringify(tokenKey)})}catch(e){return}
if(!t)return link(S);
window.__adminBoot={${JSON.stringify(ME_PATH)}:fetch(${JSON.stringify(ME_PATH)},{method:'POST',headers:{Accept:'application/json','Content-Type':'application/json',Authorization:'Bearer '+t},body:'{}',credentials:'same-origin'}).then(function(r){return r.json()}).catch(function(){return null})};
var p=location.pathname;if(p.slice(0,${base.length})===${JSON.stringify(base)}&&(p.length===${base.length}||p.charAt(${base.length})==='/'))p=p.slice(${base.length})||'/';
for(var i=0;i<R.length;i++)if(new RegExp(R[i][0],'i').test(p))return link(R[i][1]);
})();
`;
}
