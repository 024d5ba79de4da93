// The server the web benchmarks measure: the built app on the demo clinic, on a port and a data
// directory of its own, and the screens it opens, with who opens each.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildServerIfStale, SERVER_ENTRY } from '../build-server.ts';

export type Login = [usuario: string, contrasena: string];
export type BenchPage = { path: string; as?: Login };

const patient: Login = ['ana.lopez', 'Paciente1234!'];
const doctor: Login = ['dra.garcia', 'Doctor1234!'];
/** The public pages and the patient's and the doctor's main screens, each opened by whom it is for. */
export const ALL_PAGES: BenchPage[] = [
  { path: '/home' },
  { path: '/login' },
  { path: '/panel-paciente', as: patient },
  { path: '/pedir-cita', as: patient },
  { path: '/mis-visitas', as: patient },
  { path: '/ficha-paciente', as: patient },
  { path: '/perfil-doctor', as: doctor },
  { path: '/agenda-doctor', as: doctor },
];

/** `--pages=/login,/home` measures only those (while fixing one). */
export function pagesFromArguments(argv: string[]): BenchPage[] {
  const only = argv
    .find((arg) => arg.startsWith('--pages='))
    ?.slice('--pages='.length)
    .split(',');
  return only ? ALL_PAGES.filter((page) => only.includes(page.path)) : ALL_PAGES;
}

export type Session = { access_token: string; usuario: { nombre: string; rol: string } };

export async function startBenchServer() {
  if (!fs.existsSync('web/dist/index.html')) {
    console.error('Build the web app first: npm run build');
    process.exit(1);
  }
  // A port of its own, so a second run (or a stale server) is never the one measured.
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-bench-web-'));
  await buildServerIfStale();
  const server = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server.on('exit', (code) => {
    if (code !== null && code !== 0) {
      console.error(`the server stopped (exit code ${code})`);
      process.exit(1);
    }
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    async login([usuario, contrasena]: Login): Promise<Session> {
      const response = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ usuario, contrasena }),
      });
      return (await response.json()) as Session;
    },
    stop() {
      server.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the app keeps of a session in the browser: a page opened after this is signed in. */
export function storeSession(session: Session | undefined) {
  if (!session) {
    localStorage.clear();
    return;
  }
  localStorage.setItem('access_token', session.access_token);
  localStorage.setItem('nombre_usuario', session.usuario.nombre);
  localStorage.setItem('rol_usuario', session.usuario.rol);
}
