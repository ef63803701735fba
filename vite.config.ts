import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const base = '/app/';

/**
 * src/web/boot.ts as an entry of its own, loaded `async` from the top of <head>: it runs as soon as
 * it arrives, while the app's scripts are still loading (issue 15, first row on screen). Vite
 * bundles every module script of index.html into one entry, so the tag is added here instead.
 */
function bootScript(): Plugin {
  const entry = 'src/web/boot.ts';
  return {
    name: 'ppp-boot-script',
    config: () => ({
      build: {
        rolldownOptions: {
          input: { index: 'index.html', boot: entry },
          // Its few modules (the session, the early GET, the paths; the preload helper its import
          // uses) in its own file, which imports nothing: it runs as soon as it arrives, not once
          // a shared chunk queued behind the app's scripts has too. The app imports them from it.
          output: {
            codeSplitting: {
              groups: [
                { name: 'boot', test: /src[\\/]web[\\/]boot\.ts$/, priority: 3 },
                ...FIRST_LOAD_GROUPS,
              ],
            },
          },
        },
      },
    }),
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const built = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.name === 'boot',
        );
        if (ctx.bundle && !built) throw new Error(`${entry} is missing from the build`);
        // It runs on arrival only while it waits for no other file.
        if (built?.type === 'chunk' && built.imports.length > 0)
          throw new Error(`${entry} imports ${built.imports.join(', ')}: it must import nothing`);
        const tag = `<script type="module" async fetchpriority="high" crossorigin src="${base}${built?.fileName ?? entry}"></script>`;
        const charset = '<meta charset="UTF-8" />';
        if (!html.includes(charset)) throw new Error(`index.html has no ${charset}`);
        // The app imports boot's modules from it, so Vite lists it among the entry's preloads too:
        // the tag above fetches it already.
        const preload = `<link rel="modulepreload" crossorigin href="${base}${built?.fileName}">`;
        if (!ctx.bundle) return html.replace(charset, `${charset}\n    ${tag}`);
        // The app's entry is preloaded, not run by the page: boot.ts starts it, on a first load
        // of My Patterns once the first rows are drawn (ADR 016), so that its evaluation (a long
        // task on a slow phone) does not hold up the rows; elsewhere as soon as boot runs. The
        // link comes before boot's tag, so it is in the page whenever boot runs.
        const app = Object.values(ctx.bundle).find(
          (c) => c.type === 'chunk' && c.isEntry && c.name === 'index',
        );
        if (!app) throw new Error('the app entry (index) is missing from the build');
        const entryTag = `<script type="module" crossorigin src="${base}${app.fileName}"></script>`;
        if (!html.includes(entryTag)) throw new Error(`index.html has no ${entryTag}`);
        const appLink = `<link rel="modulepreload" crossorigin href="${base}${app.fileName}" data-app-entry>`;
        return html
          .replace(entryTag, '')
          .replace(charset, `${charset}\n    ${appLink}\n    ${tag}`)
          .replace(new RegExp(`\\s*${preload}`), '');
      },
    },
  };
}

/**
 * Fewer, larger files on the first load (issue 50): every script a page asks for costs its main
 * thread some milliseconds to request and hand over, more on a slow phone (at 4× CPU slow-down,
 * about 5–10 ms each). Everything the entry imports statically (React, the router, TanStack Query,
 * the shell) is one file, and My Patterns' screen is one file with the modules it imports that
 * the entry does not (the other screens that share one of those load that file).
 */
const FIRST_LOAD_GROUPS = [
  { name: 'app', tags: ['$initial' as const], priority: 2 },
  {
    name: 'show-records',
    test: /src[\\/]web[\\/]app[\\/]routes[\\/]patterns[\\/]show-records\.tsx$/,
    priority: 1,
  },
];

/**
 * The first load's scripts marked for eager compilation (V8's explicit compile hints, Chrome 136+:
 * `//# allFunctionsCalledOnLoad` as a file's first line): the entry and everything it imports
 * statically (the shell of every screen), and My Patterns' screen with its imports. V8 then
 * compiles their functions while the files stream in, on a background thread, instead of on the
 * main thread when each is first called (after a first, lighter parse of it): the first row of
 * My Patterns 935 → 867 ms at 4× CPU (docs/benchmarks.md, "The first row on screen"). Other browsers ignore the
 * comment. Written after the files are: Vite adds its preload map at the top of a chunk after
 * every plugin's generateBundle. The comment is the same for the same code, so a file's hash
 * still names one content.
 */
function compileHints(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'ppp-compile-hints',
    apply: 'build',
    writeBundle(options, bundle) {
      const imports = new Map<string, string[]>();
      const roots: string[] = [];
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk') continue;
        // The tiny boot script is left to V8, though the entry imports its modules from it.
        if (c.isEntry && c.name === 'boot') continue;
        imports.set(c.fileName, c.imports);
        if (
          (c.isEntry && c.name === 'index') ||
          c.moduleIds.some((id) => id.endsWith(FIRST_SCREEN))
        )
          roots.push(c.fileName);
      }
      if (roots.length !== 2) throw new Error(`compile hints: entry or ${FIRST_SCREEN} not found`);
      const marked = new Set<string>();
      const visit = (fileName: string) => {
        if (marked.has(fileName) || !imports.has(fileName)) return;
        marked.add(fileName);
        for (const i of imports.get(fileName) ?? []) visit(i);
      };
      for (const r of roots) visit(r);
      // Zod (about 30 KB gzip, and its schemas built as each contract is evaluated) stays off the
      // first screen: what it needs of a contract lives in the contract's Zod-free sibling
      // (src/shared/contracts/*-paths.ts, pattern-list-query.ts, input-rules.ts); issue 50.
      for (const f of marked) {
        const c = bundle[f];
        const zod =
          c?.type === 'chunk' &&
          c.moduleIds.find((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id));
        if (zod)
          throw new Error(
            `${f} is loaded by the first screen and holds Zod (${zod}): import the contract's paths and messages from its Zod-free sibling instead`,
          );
      }
      for (const f of marked) {
        const file = path.join(options.dir!, f);
        fs.writeFileSync(file, HINT + fs.readFileSync(file, 'utf8'));
      }
    },
  };
}
const FIRST_SCREEN = 'src/web/app/routes/patterns/show-records.tsx';

export default defineConfig({
  root: '.',
  base,
  plugins: [react(), tailwindcss(), bootScript(), compileHints()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: false /* old hashed chunks stay for pages already open */,
    chunkSizeWarningLimit: 1500,
    modulePreload: {
      // Boot's one import (My Patterns' screen) needs only the files the page's HTML already asks
      // for (the entry and boot itself): no preload links, whose helper took boot from about 10 ms
      // to 70 ms of a 4× slowed main thread, before the app's own scripts could run (issue 50).
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' && /(^|[\\/])boot-[\w-]+\.js$/.test(hostId) ? [] : deps,
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
});
