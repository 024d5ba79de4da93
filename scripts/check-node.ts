// Guard run before start and test: the project needs the Node pinned in package.json (24 LTS),
// which npm puts first on PATH. A bare `node server/main.ts` on the system Node 20 would fail
// with confusing errors, so say what to do instead.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 24 || (major === 24 && minor < 15)) {
  console.error(
    `Galeno needs Node >= 24.15 (found ${process.versions.node}). ` +
      'Run it through npm (`npm start`, `npm test`), which uses the Node pinned in package.json.',
  );
  process.exit(1);
}
