import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDirAsync, PRIVATE_FILE_MODE } from '../../lib/private-files.ts';

/**
 * The attachments folder (DATA_DIR/adjuntos unless ATTACHMENTS_DIR says otherwise). Files are kept
 * as <patient>/<random id><extension>; the database row keeps that relative path.
 */
export function createAttachmentStore(root: string) {
  const resolve = (ruta: string) => {
    const full = path.resolve(root, ruta);
    // The paths are ours, but never follow one outside the folder.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('attachment path outside its folder');
    return full;
  };
  return {
    /** Writes the bytes durably (temporary file, fsync, rename) and returns the relative path. */
    async save(id_paciente: number, bytes: Buffer, extension: string): Promise<string> {
      const ruta = path.join(String(id_paciente), `${randomUUID()}${extension}`);
      const full = resolve(ruta);
      await ensurePrivateDirAsync(path.dirname(full));
      const temporary = `${full}.tmp`;
      const handle = await fs.promises.open(temporary, 'wx', PRIVATE_FILE_MODE);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temporary, full);
      return ruta;
    },
    /** A stream of the stored file, or undefined when it is not there. */
    async open(ruta: string): Promise<fs.ReadStream | undefined> {
      const full = resolve(ruta);
      try {
        await fs.promises.access(full, fs.constants.R_OK);
      } catch {
        return undefined;
      }
      return fs.createReadStream(full);
    },
    async remove(ruta: string): Promise<void> {
      await fs.promises.rm(resolve(ruta), { force: true });
    },
  };
}
export type AttachmentStore = ReturnType<typeof createAttachmentStore>;
