// Where a V8 CPU profile's time went: self time per function, named from the build's source maps
// when they exist (`SOURCEMAP=1 npm run build`), else by bundle file and line.
import fs from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

export type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
};

export function selfTimeByFunction(profiles: CpuProfile[], assetsDir: string): [string, number][] {
  const maps = new Map<string, TraceMap | undefined>();
  const mapOf = (url: string) => {
    const file = path.join(assetsDir, `${url.split('/').pop()}.map`);
    if (!maps.has(file)) maps.set(file, fs.existsSync(file) ? new TraceMap(fs.readFileSync(file, 'utf8')) : undefined);
    return maps.get(file);
  };
  const totals = new Map<string, number>();
  for (const profile of profiles) {
    const selfMs = new Map<number, number>();
    profile.samples.forEach((id, index) => selfMs.set(id, (selfMs.get(id) ?? 0) + profile.timeDeltas[index]! / 1000));
    for (const { id, callFrame } of profile.nodes) {
      const ms = selfMs.get(id);
      if (!ms || callFrame.functionName === '(idle)') continue;
      let name = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').pop() ?? ''}:${callFrame.lineNumber + 1}`;
      const map = callFrame.url && callFrame.lineNumber >= 0 ? mapOf(callFrame.url) : undefined;
      if (map) {
        const original = originalPositionFor(map, { line: callFrame.lineNumber + 1, column: callFrame.columnNumber });
        if (original.source)
          name = `${original.name ?? callFrame.functionName} ${original.source.replace(/^(\.\.\/)+/, '')}:${original.line}`;
      }
      totals.set(name, (totals.get(name) ?? 0) + ms);
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}
