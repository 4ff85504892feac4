// A benchmark script's own section of docs/benchmarks.md, between its markers `<!-- <name>:start ... -->` and
// `<!-- <name>:end -->`: rewritten in place, or added before the web section (bench/web.mjs's) the first time.
import { readFileSync, writeFileSync } from 'node:fs';

const FILE = new URL('../docs/benchmarks.md', import.meta.url);

/** Writes `section` as `name`'s section; `startNote` is kept in the start marker (e.g. "written by node bench/x.mjs"). */
export function writeDocSection(name, section, startNote = '') {
  const doc = readFileSync(FILE, 'utf8');
  const start = `<!-- ${name}:start${startNote ? ` ${startNote}` : ''} -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${section}\n${end}`;
  const from = doc.indexOf(`<!-- ${name}:start`);
  const to = doc.indexOf(end);
  if (from >= 0 && to > from) return writeFileSync(FILE, doc.slice(0, from) + block + doc.slice(to + end.length));
  const web = doc.indexOf('<!-- web:start');
  writeFileSync(FILE, web >= 0 ? `${doc.slice(0, web)}${block}\n\n${doc.slice(web)}` : `${doc.trimEnd()}\n\n${block}\n`);
}
