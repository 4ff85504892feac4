import { Client, type ConnectConfig, type SFTPWrapper } from 'ssh2';

/** Where and how to sign in to a mall's SFTP server. */
export interface SftpTarget {
  host: string;
  port: number;
  username: string;
  authKind: 'password' | 'private_key';
  /** The password or the private key, opened. */
  secret: string;
  remoteDirectory: string;
}

/** How the app talks to SFTP servers (tests may give another). */
export interface SftpTransport {
  /** Writes the file under the remote directory (as `<name>.part`, then renamed: the mall never reads half a file). */
  upload(target: SftpTarget, fileName: string, content: string): Promise<void>;
  /** Signs in and lists the remote directory; answers how many entries it holds. */
  check(target: SftpTarget): Promise<number>;
}

const CONNECT_TIMEOUT_MS = 10_000;

const remotePath = (directory: string, name: string) => {
  const dir = directory.replace(/\/+$/, '');
  return dir ? `${dir}/${name}` : name;
};

/** One signed-in session: runs `work` on its SFTP channel and always closes the connection. */
function withSftp<T>(target: SftpTarget, work: (sftp: SFTPWrapper) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const client = new Client();
    let settled = false;
    const finish = (error: unknown, value?: T) => {
      if (settled) return;
      settled = true;
      client.end();
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(value as T);
    };
    client.on('error', (error) => finish(error));
    client.on('ready', () => {
      client.sftp((error, sftp) => {
        if (error) return finish(error);
        work(sftp).then(
          (value) => finish(null, value),
          (e: unknown) => finish(e),
        );
      });
    });
    const config: ConnectConfig = {
      host: target.host,
      port: target.port,
      username: target.username,
      readyTimeout: CONNECT_TIMEOUT_MS,
      ...(target.authKind === 'password' ? { password: target.secret } : { privateKey: target.secret }),
    };
    try {
      client.connect(config);
    } catch (error) {
      finish(error);
    }
  });
}

const promised = <T>(call: (done: (error: Error | null | undefined, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => call((error, value) => (error ? reject(error) : resolve(value as T))));

export const ssh2Transport: SftpTransport = {
  upload: (target, fileName, content) =>
    withSftp(target, async (sftp) => {
      const path = remotePath(target.remoteDirectory, fileName);
      const part = `${path}.part`;
      await promised<void>((done) => sftp.writeFile(part, content, (e) => done(e)));
      // A file of the same name sent before (a resend of the day) is replaced.
      await promised<void>((done) => sftp.unlink(path, () => done(null)));
      await promised<void>((done) => sftp.rename(part, path, (e) => done(e)));
    }),
  check: (target) =>
    withSftp(target, async (sftp) => {
      const entries = await promised<unknown[]>((done) => sftp.readdir(target.remoteDirectory || '.', (e, list) => done(e, list)));
      return entries.length;
    }),
};

/** What a failure says in the run log and the mail: the server's reason, without the secret. */
export function describeSftpError(error: unknown): string {
  const e = error as { level?: string; code?: string; message?: string };
  if (e.level === 'client-authentication') return 'The SFTP server refused the user name and password or key.';
  if (e.level === 'client-timeout') return 'The SFTP server did not answer in time.';
  if (e.code === 'ECONNREFUSED') return 'The SFTP server refused the connection (check the host and port).';
  if (e.code === 'ENOTFOUND') return 'The SFTP host name was not found.';
  const message = e.message ?? String(error);
  return `The upload failed: ${message.slice(0, 300)}`;
}
