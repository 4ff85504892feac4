import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

const SAFE_SEGMENT = /^[0-9a-f-]{36}$/;

/**
 * Files of a business on disk: `<root>/<business_id>/<file_id>`. Both segments are UUIDs made by the
 * app (never a name a person chose), so no path can escape the root.
 */
export function createFileStore(root: string) {
  const base = resolve(root);
  const pathOf = (businessId: string, fileId: string): string => {
    if (!SAFE_SEGMENT.test(businessId) || !SAFE_SEGMENT.test(fileId)) throw new Error('File ids must be UUIDs');
    return join(base, businessId, fileId);
  };
  return {
    async save(businessId: string, fileId: string, bytes: Buffer): Promise<void> {
      const path = pathOf(businessId, fileId);
      await mkdir(join(base, businessId), { recursive: true });
      await writeFile(path, bytes, { flag: 'wx', mode: 0o600 });
    },
    /** A stream of the file, or null when it is not on disk. */
    async open(businessId: string, fileId: string): Promise<{ stream: ReadStream; size: number } | null> {
      const path = pathOf(businessId, fileId);
      try {
        const info = await stat(path);
        return { stream: createReadStream(path), size: info.size };
      } catch {
        return null;
      }
    },
    async remove(businessId: string, fileId: string): Promise<void> {
      await rm(pathOf(businessId, fileId), { force: true });
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
