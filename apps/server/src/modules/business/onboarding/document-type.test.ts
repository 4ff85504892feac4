import { describe, expect, it } from 'vitest';
import { checkDocument, sniffDocumentType, typeOfExtension } from './document-type';

const PDF = Buffer.from('%PDF-1.7\n', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00]);

describe('document type checks', () => {
  it('recognises PDF, PNG and JPEG by their first bytes only', () => {
    expect(sniffDocumentType(PDF)).toBe('application/pdf');
    expect(sniffDocumentType(PNG)).toBe('image/png');
    expect(sniffDocumentType(JPEG)).toBe('image/jpeg');
    expect(sniffDocumentType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffDocumentType(Buffer.from('%PD'))).toBeNull();
    expect(sniffDocumentType(Buffer.alloc(0))).toBeNull();
  });

  it('maps extensions case-insensitively', () => {
    expect(typeOfExtension('a.PDF')).toBe('application/pdf');
    expect(typeOfExtension('photo.JpEg')).toBe('image/jpeg');
    expect(typeOfExtension('photo.jpg')).toBe('image/jpeg');
    expect(typeOfExtension('archive.pdf.zip')).toBeNull();
    expect(typeOfExtension('noextension')).toBeNull();
  });

  it('accepts a file whose name, declared type and bytes agree', () => {
    expect(checkDocument('id.png', 'image/png', PNG)).toEqual({ ok: true, type: 'image/png' });
    expect(checkDocument('id.jpg', 'image/jpg', JPEG)).toEqual({ ok: true, type: 'image/jpeg' });
    expect(checkDocument('cert.pdf', 'application/octet-stream', PDF)).toEqual({ ok: true, type: 'application/pdf' });
  });

  it('refuses a file that is not what it claims', () => {
    expect(checkDocument('cert.pdf', 'application/pdf', PNG)).toMatchObject({ ok: false, reason: 'mismatch' });
    expect(checkDocument('id.png', 'application/pdf', PNG)).toMatchObject({ ok: false, reason: 'mismatch' });
    expect(checkDocument('id.gif', 'image/gif', PNG)).toMatchObject({ ok: false, reason: 'type' });
  });
});
