// `npm start` on a fresh clone: build the web app once if it has not been built, so the two
// README commands are enough.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const index = new URL('../web/dist/index.html', import.meta.url);
if (!fs.existsSync(index)) {
  console.log('Building the web app (first start)…');
  execSync('npm run build', { stdio: 'inherit' });
}
