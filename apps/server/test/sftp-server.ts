import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import ssh2 from 'ssh2';

const { Server, utils } = ssh2;
const { STATUS_CODE, OPEN_MODE } = utils.sftp;

/**
 * A real SFTP server on 127.0.0.1 for tests (ssh2's server, an ECDSA host key made at start): one user and password,
 * files kept in a temporary folder. It handles what the app's upload and connection test use: open/write/close,
 * rename, remove, opendir/readdir, stat.
 */
export interface TestSftpServer {
  host: string;
  port: number;
  username: string;
  password: string;
  root: string;
  /** The files received, by name (the remote folder `path`, '' for the root). */
  files(path?: string): Record<string, string>;
  /** Sign-ins refused so far (wrong password). */
  refusedLogins(): number;
  close(): Promise<void>;
}

export async function startSftpServer(options: { username?: string; password?: string } = {}): Promise<TestSftpServer> {
  const username = options.username ?? 'tenant';
  const password = options.password ?? 'mall-secret';
  const root = mkdtempSync(join(tmpdir(), 'mall-sftp-'));
  // An ECDSA P-256 host key in PEM, made by Node: ssh2 reads it every time, where one in a few hundred of ssh2's own
  // ed25519 keys in OpenSSH form failed its own parser ("Malformed OpenSSH private key").
  const hostKey = generateKeyPairSync('ec', {
    namedCurve: 'prime256v1',
    privateKeyEncoding: { type: 'sec1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
  let refused = 0;

  const local = (remote: string) => {
    const path = normalize(join(root, remote.replace(/^\/+/, '')));
    if (!path.startsWith(root)) throw new Error('outside the root');
    return path;
  };

  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    client.on('authentication', (ctx) => {
      if (ctx.method === 'password' && ctx.username === username && ctx.password === password) return ctx.accept();
      if (ctx.method === 'password') refused += 1;
      ctx.reject(['password']);
    });
    client.on('error', () => {});
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept();
        session.on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const handles = new Map<number, { path: string; chunks: Buffer[]; dir?: boolean; listed?: boolean }>();
          let next = 0;
          const handle = (entry: { path: string; chunks: Buffer[]; dir?: boolean }) => {
            const id = next++;
            handles.set(id, entry);
            const buffer = Buffer.alloc(4);
            buffer.writeUInt32BE(id, 0);
            return buffer;
          };
          const entryOf = (h: Buffer) => handles.get(h.readUInt32BE(0));
          const attrs = (path: string) => {
            const s = statSync(path);
            return { mode: s.mode, uid: 0, gid: 0, size: s.size, atime: Math.floor(s.atimeMs / 1000), mtime: Math.floor(s.mtimeMs / 1000) };
          };
          sftp.on('OPEN', (reqid, filename, flags) => {
            if (!(flags & OPEN_MODE.WRITE)) return sftp.status(reqid, STATUS_CODE.OP_UNSUPPORTED);
            try {
              sftp.handle(reqid, handle({ path: local(filename), chunks: [] }));
            } catch {
              sftp.status(reqid, STATUS_CODE.PERMISSION_DENIED);
            }
          });
          sftp.on('WRITE', (reqid, h, _offset, data) => {
            const entry = entryOf(h);
            if (!entry) return sftp.status(reqid, STATUS_CODE.FAILURE);
            entry.chunks.push(Buffer.from(data));
            sftp.status(reqid, STATUS_CODE.OK);
          });
          sftp.on('CLOSE', (reqid, h) => {
            const id = h.readUInt32BE(0);
            const entry = handles.get(id);
            if (!entry) return sftp.status(reqid, STATUS_CODE.FAILURE);
            handles.delete(id);
            if (!entry.dir) writeFileSync(entry.path, Buffer.concat(entry.chunks));
            sftp.status(reqid, STATUS_CODE.OK);
          });
          sftp.on('RENAME', (reqid, from, to) => {
            try {
              renameSync(local(from), local(to));
              sftp.status(reqid, STATUS_CODE.OK);
            } catch {
              sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
            }
          });
          sftp.on('REMOVE', (reqid, path) => {
            try {
              unlinkSync(local(path));
              sftp.status(reqid, STATUS_CODE.OK);
            } catch {
              sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
            }
          });
          sftp.on('OPENDIR', (reqid, path) => {
            try {
              const dir = local(path);
              if (!statSync(dir).isDirectory()) return sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
              sftp.handle(reqid, handle({ path: dir, chunks: [], dir: true }));
            } catch {
              sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
            }
          });
          sftp.on('READDIR', (reqid, h) => {
            const entry = entryOf(h);
            if (!entry?.dir) return sftp.status(reqid, STATUS_CODE.FAILURE);
            if (entry.listed) return sftp.status(reqid, STATUS_CODE.EOF);
            entry.listed = true;
            const names = readdirSync(entry.path).map((name) => ({ filename: name, longname: name, attrs: attrs(join(entry.path, name)) }));
            sftp.name(reqid, names);
          });
          const stat = (reqid: number, path: string) => {
            try {
              sftp.attrs(reqid, attrs(local(path)));
            } catch {
              sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
            }
          };
          sftp.on('STAT', stat);
          sftp.on('LSTAT', stat);
          sftp.on('REALPATH', (reqid, path) => sftp.name(reqid, [{ filename: normalize(`/${path}`), longname: path, attrs: {} as never }]));
        });
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    host: '127.0.0.1',
    port,
    username,
    password,
    root,
    files(path = '') {
      const dir = local(path);
      return Object.fromEntries(
        readdirSync(dir)
          .filter((name) => statSync(join(dir, name)).isFile())
          .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
      );
    },
    refusedLogins: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(root, { recursive: true, force: true });
      }),
  };
}
