// Invoice PDFs rendered per second (not a test): the server's renderer (apps/server/src/modules/payments/
// invoices/invoice-pdf.ts, bundled here with esbuild as the server build bundles it) renders sample invoices one
// after another on one thread, for a few alternated rounds of each kind; the medians are written to the
// section of docs/benchmarks.md between the invoice-pdf markers (bench/run.mjs keeps it as it stands).
// Run: node bench/invoice-pdf.mjs  (BENCH_ROUNDS, default 5; BENCH_SECONDS per round and kind, default 2;
// BENCH_PDF_SAMPLE=<file> also writes the 40-line sample there to look at).
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const ROOT = new URL('..', import.meta.url).pathname;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);

/** The renderer as the server bundles it: workspace code inlined, npm packages (pdfkit) imported. */
async function loadRenderer() {
  // Under node_modules so that the bundle's imports of npm packages resolve from the repository.
  const dir = join(ROOT, 'node_modules/.cache/bench');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, 'invoice-pdf.mjs');
  await build({
    entryPoints: [join(ROOT, 'apps/server/src/modules/payments/invoices/invoice-pdf.ts')],
    tsconfig: join(ROOT, 'apps/server/tsconfig.json'),
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    plugins: [
      {
        name: 'externalize-npm',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@merchant/') || args.path.startsWith('@/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return (await import(outfile)).renderInvoicePdf;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A w x h RGBA PNG (a gradient with transparency): the kind of logo businesses upload. */
export function samplePng(w, h) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = y * (w * 4 + 1) + 1 + x * 4;
      raw.set([200, 60 + (y % 100), (x * 2) % 256, 255 - (y % 128)], o);
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** An invoice of `count` lines in the wire shape the server renders (amounts in minor units). */
export function sampleInvoice(count) {
  const lines = Array.from({ length: count }, (_, i) => {
    const gross = 1875;
    const discount = i % 2 ? 188 : 0;
    return {
      product_id: null,
      description: i % 3 === 0 ? `House blend espresso beans, 1 kg bag, roasted to order (line ${i + 1})` : `Grinder service ${i + 1}`,
      quantity: 1.5,
      unit_price: 1250,
      discount_bps: i % 2 ? 1000 : 0,
      gross,
      discount,
      net: gross - discount,
    };
  });
  const subtotal = lines.reduce((sum, l) => sum + l.net, 0);
  const tax = Math.round((subtotal * 900) / 10_000);
  return {
    id: '00000000-0000-4000-8000-000000000000',
    public_id: 'inv_5mVb1lq0oPXpWc9bKfZ3Ty',
    url: 'http://invoice.localhost:3000/00000000-0000-4000-8000-000000000001/inv_5mVb1lq0oPXpWc9bKfZ3Ty',
    number: 'INV-000042',
    status: 'sent',
    customer: { id: '00000000-0000-4000-8000-000000000002', name: 'Ivy Invoice', email: 'ivy@example.test' },
    currency: 'sgd',
    issue_date: '2026-11-01',
    due_date: '2026-11-30',
    lines,
    taxes: [{ name: 'GST', rate_bps: 900, amount: tax }],
    subtotal,
    tax_total: tax,
    total: subtotal + tax,
    amount_paid: 0,
    amount_due: subtotal + tax,
    allow_partial: false,
    notes: 'Thank you for your order.',
    terms: 'Payment within 30 days of the issue date.',
    editable: true,
    created_at: '2026-11-01T00:00:00.000Z',
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  const load = loadavg()[0];
  const render = await loadRenderer();
  const logo = { bytes: samplePng(320, 96), type: 'png' };
  const kinds = [
    { name: '3 lines, no logo', invoice: sampleInvoice(3), business: { name: 'Demo Coffee Roasters', brandColor: '#e8590c', logo: null } },
    { name: '3 lines, PNG logo (320 x 96)', invoice: sampleInvoice(3), business: { name: 'Demo Coffee Roasters', brandColor: '#e8590c', logo } },
    { name: '40 lines (3 pages), PNG logo', invoice: sampleInvoice(40), business: { name: 'Demo Coffee Roasters', brandColor: '#e8590c', logo } },
  ];
  for (const kind of kinds) {
    kind.bytes = (await render(kind.invoice, kind.business)).length; // warm-up, and the size of one
    kind.rounds = [];
  }
  if (process.env.BENCH_PDF_SAMPLE) writeFileSync(process.env.BENCH_PDF_SAMPLE, await render(kinds[2].invoice, kinds[2].business));
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of kinds) {
      let count = 0;
      const started = performance.now();
      while (performance.now() - started < SECONDS * 1000) {
        await render(kind.invoice, kind.business);
        count++;
      }
      kind.rounds.push((count * 1000) / (performance.now() - started));
    }
  }

  const date = new Date().toISOString().slice(0, 10);
  const rows = kinds.map(
    (k) =>
      `| ${k.name} | ${median(k.rounds).toFixed(0)} | ${(1000 / median(k.rounds)).toFixed(1)} | ${(k.bytes / 1024).toFixed(1)} | ${k.rounds.map((r) => r.toFixed(0)).join(', ')} |`,
  );
  const section = `## Invoice PDFs rendered per second (${date})

\`node bench/invoice-pdf.mjs\` renders sample invoices with the server's renderer (pdfkit, standard fonts,
compressed), one after another on one thread of the project's 2-core machine (${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}):
${ROUNDS} alternated rounds of ${SECONDS} s per kind, medians; load average ${load.toFixed(1)} when the run began (other work on
the machine lowers every figure).

| invoice | PDFs per second | ms per PDF | size (KB) | rounds (PDFs/s) |
|---|---|---|---|---|
${rows.join('\n')}

A PDF is rendered when someone downloads it and once per mail that sends or reminds of the invoice (the mail
keeps the bytes it was sent with), never per page view.`;
  console.log(section);
  writeSection(section);
}

/** Rewrites the invoice-pdf section of docs/benchmarks.md (appended before the web section the first time). */
function writeSection(section) {
  const file = join(ROOT, 'docs/benchmarks.md');
  const doc = readFileSync(file, 'utf8');
  const start = '<!-- invoice-pdf:start (written by node bench/invoice-pdf.mjs) -->';
  const end = '<!-- invoice-pdf:end -->';
  const block = `${start}\n${section}\n${end}`;
  const from = doc.indexOf('<!-- invoice-pdf:start');
  const to = doc.indexOf(end);
  if (from >= 0 && to > from) return writeFileSync(file, doc.slice(0, from) + block + doc.slice(to + end.length));
  const web = doc.indexOf('<!-- web:start');
  writeFileSync(file, web >= 0 ? `${doc.slice(0, web)}${block}\n\n${doc.slice(web)}` : `${doc.trimEnd()}\n\n${block}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
