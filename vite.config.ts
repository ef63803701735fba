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
      build: { rolldownOptions: { input: { index: 'index.html', boot: entry } } },
    }),
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const built = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.name === 'boot',
        );
        if (ctx.bundle && !built) throw new Error(`${entry} is missing from the build`);
        const tag = `<script type="module" async fetchpriority="high" crossorigin src="${base}${built?.fileName ?? entry}"></script>`;
        const charset = '<meta charset="UTF-8" />';
        if (!html.includes(charset)) throw new Error(`index.html has no ${charset}`);
        return html.replace(charset, `${charset}\n    ${tag}`);
      },
    },
  };
}

export default defineConfig({
  root: '.',
  base,
  plugins: [react(), tailwindcss(), bootScript()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: false /* old hashed chunks stay for pages already open */,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
});
