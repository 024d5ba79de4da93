// `npm run dev`: the API (server/main.ts, on PORT or 3000) and Vite's dev server on
// http://localhost:5173, which proxies /api to it. A change to a component swaps it in place with
// React's fast refresh (state kept); a change to the server needs a restart of this command.
// Ctrl-C stops both.
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [
  spawn(process.execPath, ['server/main.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite', '--config', 'web/vite.config.ts'], { stdio: 'inherit' }),
];

function stopAll(code: number) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
