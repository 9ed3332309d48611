// End-to-end suite: the built site in the system Chromium at 375x812.
import { bin, findChromium, runOrExit, webBuilt } from './lib.mjs';

const chromium = findChromium();
if (!chromium) {
  console.error(
    'End-to-end tests need Chromium and none was found (looked at $CHROME_PATH, /usr/bin/chromium).\n' +
      'Install it with:  sudo apt-get install -y chromium fonts-noto-cjk\n' +
      'or point CHROME_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}
if (!webBuilt()) await runOrExit('npm', ['run', 'build', '--silent']);
await runOrExit(bin('vitest'), ['run', '--config', 'apps/web/e2e/vitest.config.ts', ...process.argv.slice(2)], {
  env: { ...process.env, CHROME_PATH: chromium },
});
