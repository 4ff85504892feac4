import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets the app keeps for merchants (payment provider keys, mall SFTP passwords) are stored encrypted
 * (AES-256-GCM) with a server secret, so no column holds them in clear: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export function secretBox(keyText: string) {
  const key = Buffer.from(keyText, 'base64url');
  if (key.length !== 32) throw new Error('The secret box key must be 32 bytes');
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof secretBox>;
