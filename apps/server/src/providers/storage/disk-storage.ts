import fs from 'node:fs/promises';
import path from 'node:path';

/** Uploaded files on local disk under DATA_DIR/files, served at /files/… */
export interface FileStorage {
  readonly root: string;
  /** Stores bytes under `folder/name` and answers the public path (/files/folder/name). */
  put(folder: string, name: string, bytes: Buffer): Promise<string>;
  /** Removes a file by its public path; missing files are ignored. */
  remove(publicPath: string): Promise<void>;
}

export function createDiskStorage(root: string): FileStorage {
  const resolveInside = (relative: string) => {
    const full = path.resolve(root, relative);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('Path outside storage root');
    return full;
  };
  return {
    root,
    async put(folder, name, bytes) {
      const full = resolveInside(path.join(folder, name));
      await fs.mkdir(path.dirname(full), { recursive: true });
      await fs.writeFile(full, bytes);
      return `/files/${folder}/${name}`;
    },
    async remove(publicPath) {
      if (!publicPath.startsWith('/files/')) return;
      await fs.rm(resolveInside(publicPath.slice('/files/'.length)), { force: true });
    },
  };
}
