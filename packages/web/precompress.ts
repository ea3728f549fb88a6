import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text-like files worth compressing; fonts in woff/woff2 and images are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|ttf|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/** The files index.html names (its scripts, preloads and style sheets): every page's first download. */
async function firstDownload(outDir: string): Promise<Set<string>> {
  const html = await readFile(path.join(outDir, "index.html"), "utf8").catch(() => "");
  const names = [...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]);
  return new Set(["index.html", ...names]);
}

/**
 * Writes a `.br` and a `.gz` beside every compressible built file (issue 18 point 4), so the server sends
 * them as they are (@fastify/static `preCompressed`) instead of compressing on every request or sending
 * 1.5 MB of plain JavaScript before the login form shows. Brotli at its best quality (11) for the first
 * download, where every kilobyte waits before the first screen; quality 9 for the pages' own chunks that
 * load later: 11 took ~40 s of CPU for all 4.5 MB, the larger part of a fresh clone's first `npm start`
 * (issue 18 point 3), and 9 takes ~3 s for 7% more bytes.
 */
export function precompress(options: { alsoFirst?: () => string[] } = {}): Plugin {
  let outDir = "dist";
  return {
    name: "zhishu-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      // index.html's files, and those its early script asks for (early-entry.ts).
      const first = new Set([...(await firstDownload(outDir)), ...(options.alsoFirst?.() ?? [])]);
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return;
          const content = await readFile(file);
          const quality = first.has(path.relative(outDir, file)) ? 11 : 9;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
            gzipped(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
