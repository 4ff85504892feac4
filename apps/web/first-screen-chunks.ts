import { resolve } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

/** Set while the analysing build runs, so that build does not start one of its own. */
const ANALYSIS = 'MERCHANT_WEB_CHUNK_ANALYSIS';

export interface ChunkGroup {
  /** The name of the group's chunk (its file is `assets/<name>-<hash>.js`). */
  name: string;
  /** Source files (relative to the app's folder) whose static imports the group holds. */
  roots: string[];
}

export interface FirstScreenChunksOptions {
  /** In order: a chunk two groups need joins the first. */
  groups: ChunkGroup[];
  /** Source files whose chunks, and the chunks those import, stay as they are (as do the entry's). */
  keep: string[];
  /** Source files whose lazily imported modules are screens that must not load a group's chunk. */
  screenMaps: string[];
  /** The chunk for what the groups need that those screens need too (they load it instead of several). */
  shared: string;
  /**
   * The chunk for what the groups need of the kept files' chunks (small components the sign-in screen uses
   * too): one file for both instead of one per chunk. The entry's own chunks stay out of it.
   */
  keptShared?: string;
}

interface ChunkFacts {
  fileName: string;
  entry: boolean;
  modules: string[];
  imports: string[];
}

function staticClosure(chunks: Map<string, ChunkFacts>, start: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(chunks.get(file)?.imports ?? []));
  }
  return seen;
}

/** Bundles the app as it is (in memory, unminified): its chunks, and the modules the maps import lazily. */
async function analyse(root: string, mode: string, maps: string[]) {
  const chunks = new Map<string, ChunkFacts>();
  const screens = new Set<string>();
  process.env[ANALYSIS] = '1';
  try {
    await build({
      root,
      mode,
      logLevel: 'silent',
      build: { write: false, minify: false },
      plugins: [
        {
          name: 'merchant:first-screen-chunks-analysis',
          generateBundle(_, bundle: Rollup.OutputBundle) {
            for (const map of maps) for (const id of this.getModuleInfo(map)?.dynamicallyImportedIds ?? []) screens.add(id);
            for (const chunk of Object.values(bundle)) {
              if (chunk.type !== 'chunk') continue;
              chunks.set(chunk.fileName, { fileName: chunk.fileName, entry: chunk.isEntry, modules: Object.keys(chunk.modules), imports: chunk.imports });
            }
          },
        },
      ],
    });
  } finally {
    delete process.env[ANALYSIS];
  }
  return { chunks, screens };
}

/**
 * Fewer files before a signed-in screen's first paint. Rollup gives every set of screens that shares code a
 * chunk of its own, so the business shell and the payments overview needed about 90 files (scripts and their
 * stylesheets); a phone's browser fetches six at a time, and each costs a round trip. This plugin first
 * bundles the app as it is to learn which chunks each group's roots need, then has the real build put the
 * code of those chunks into one chunk per group. The entry's chunks and those of the kept files (the guest's
 * first screens) stay as they were, so a guest downloads nothing more; what the groups share with the other
 * screens of the maps (the checkout, the invoice page, registration) goes into one shared chunk, so those
 * screens never load a group's chunk. Any screen that uses a group's code loads that group's chunk.
 */
export function firstScreenChunks(options: FirstScreenChunksOptions): Plugin {
  return {
    name: 'merchant:first-screen-chunks',
    apply: 'build',
    async config(config, env) {
      if (process.env[ANALYSIS]) return;
      const root = resolve(config.root ?? process.cwd());
      const path = (file: string) => resolve(root, file);
      const { chunks, screens } = await analyse(root, env.mode, options.screenMaps.map(path));
      // The chunk that holds each module (a small one may share its chunk with other code).
      const chunksOf = (ids: Iterable<string>) =>
        [...ids].map((id) => {
          const chunk = [...chunks.values()].find((c) => c.modules.includes(id));
          if (!chunk) throw new Error(`first-screen-chunks: ${id} is in no chunk`);
          return chunk.fileName;
        });
      const entry = [...chunks.values()].filter((c) => c.entry).map((c) => c.fileName);
      const entryNeeds = staticClosure(chunks, entry);
      const keptNeed = staticClosure(chunks, chunksOf(options.keep.map(path)));
      const taken = new Set([...entryNeeds, ...keptNeed]);
      const screensNeed = staticClosure(chunks, chunksOf(screens));

      const groupOf = new Map<string, string>();
      const join = (file: string, name: string) => {
        taken.add(file);
        for (const id of chunks.get(file)?.modules ?? []) groupOf.set(id, name);
      };
      const needs = options.groups.map((group) => ({ name: group.name, files: staticClosure(chunks, chunksOf(group.roots.map(path))) }));
      const { keptShared } = options;
      if (keptShared) {
        for (const { files } of needs) {
          for (const file of files)
            if (keptNeed.has(file) && !entryNeeds.has(file)) for (const id of chunks.get(file)?.modules ?? []) groupOf.set(id, keptShared);
        }
      }
      for (const { files } of needs) for (const file of files) if (!taken.has(file) && screensNeed.has(file)) join(file, options.shared);
      for (const { name, files } of needs) for (const file of files) if (!taken.has(file)) join(file, name);

      // Every other chunk keeps the name (and so the code) the analysis found: Rollup would otherwise move the
      // unnamed imports of a group's code into the group, the entry's among them.
      const names = new Set([options.shared, ...(keptShared ? [keptShared] : []), ...options.groups.map((g) => g.name)]);
      for (const chunk of chunks.values()) {
        if (chunk.modules.some((id) => groupOf.has(id))) continue;
        const base = /([^/]+?)(?:-[\w-]{8})?\.js$/.exec(chunk.fileName)?.[1] ?? 'chunk';
        let name = base;
        for (let i = 2; names.has(name); i++) name = `${base}-${i}`;
        names.add(name);
        for (const id of chunk.modules) groupOf.set(id, name);
      }
      return { build: { rollupOptions: { output: { manualChunks: (id: string) => groupOf.get(id) } } } };
    },
  };
}
