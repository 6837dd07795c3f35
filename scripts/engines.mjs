// `npm run test:engines`: the core flows in Firefox and WebKit (e2e-engines/, docs/browsers.md).
// WebKit needs a display: without one, the run goes under `xvfb-run -a`. Arguments are passed to
// Playwright's runner (e.g. `-g popup`); ADPX_ENGINES=firefox limits the engines. Build first:
// the pages load dist/.
import { spawnSync } from 'node:child_process';

const runner = ['playwright', 'test', '-c', 'e2e-engines/playwright.config.ts', ...process.argv.slice(2)];
const wantsWebKit = (process.env.ADPX_ENGINES ?? 'webkit').split(',').includes('webkit');
const hasXvfb = spawnSync('sh', ['-c', 'command -v xvfb-run'], { stdio: 'ignore' }).status === 0;
const [command, args] =
  wantsWebKit && !process.env.DISPLAY && hasXvfb ? ['xvfb-run', ['-a', 'npx', ...runner]] : ['npx', runner];
const result = spawnSync(command, args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
