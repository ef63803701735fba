import fs from 'node:fs';
import { SourceMap, type SourceMapPayload, type SourceOrigin } from 'node:module';

/**
 * Stack traces of the server bundle that name the TypeScript sources (`src/server/app.ts:12:3`),
 * without Node's `--enable-source-maps`. That flag decodes the bundle's source map at the first
 * stack trace formatted (start-up formats some) and keeps it for the life of the process: about
 * 13 MB of heap, resident while the server idles (docs/benchmarks.md, "Memory"). Here the map is
 * read and decoded when a stack trace with a frame in the bundle is formatted, and dropped once no
 * stack trace has needed it for `keepMs`: the next one decodes it again (50–100 ms).
 *
 * Frames of `bundle` (the server bundle's URL) are mapped through `bundle.map` beside it; other
 * frames (node_modules, Node's own) print as V8 prints them. Nothing is installed where Node maps
 * stack traces itself already (`--enable-source-maps`, tsx) or where the map is missing.
 */
export function mapBundleStacks(bundle: string, opts: { keepMs?: number } = {}): boolean {
  const mapFile = new URL(`${bundle}.map`);
  if (process.sourceMapsEnabled || !fs.existsSync(mapFile)) return false;
  const keepMs = opts.keepMs ?? 60_000;
  let map: SourceMap | undefined;
  let lastUsed = 0;
  let timer: NodeJS.Timeout | undefined;
  const mapOf = (): SourceMap | undefined => {
    lastUsed = Date.now();
    if (map) return map;
    try {
      const payload = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as SourceMapPayload;
      // Absolute paths, as Node prints them; the sources' text is not needed to map a frame.
      payload.sources = payload.sources.map((s) => decodeURI(new URL(s, mapFile).pathname));
      payload.sourcesContent = [];
      map = new SourceMap(payload);
    } catch {
      return undefined; // a stack trace unmapped rather than none
    }
    timer ??= setInterval(() => {
      if (Date.now() - lastUsed < keepMs) return;
      map = undefined;
      clearInterval(timer);
      timer = undefined;
    }, keepMs);
    timer.unref();
    return map;
  };

  Error.prepareStackTrace = (error: unknown, frames: NodeJS.CallSite[]) => {
    let head: string;
    try {
      head = Error.prototype.toString.call(error);
    } catch {
      head = '<error>';
    }
    const lines = frames.map((frame) => {
      const text = frame.toString();
      if (frame.getFileName() !== bundle) return text;
      const line = frame.getLineNumber();
      const column = frame.getColumnNumber();
      const found = line && column ? mapOf()?.findOrigin(line, column) : undefined;
      if (!found || !('fileName' in found)) return text;
      const origin = found as SourceOrigin;
      return text.replace(
        `${bundle}:${line}:${column}`,
        `${origin.fileName}:${origin.lineNumber}:${origin.columnNumber}`,
      );
    });
    return [head, ...lines.map((l) => `    at ${l}`)].join('\n');
  };
  return true;
}
