import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A bundle built as scripts/server-bundle.mjs builds the server's (ESM, with its map beside it),
// run in a process of its own without --enable-source-maps, as `npm start` runs the server.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-stacks-'));
const source = path.join(dir, 'fixture.ts');
const bundle = path.join(dir, 'out', 'main.js');

beforeAll(async () => {
  fs.writeFileSync(
    source,
    [
      `import { mapBundleStacks } from ${JSON.stringify(path.join(__dirname, 'source-stacks.ts'))};`,
      'const installed = mapBundleStacks(import.meta.url, { keepMs: 50 });',
      'function fails(n: number): never {',
      '  throw new Error(`boom ${n}`);', // line 4, column 9
      '}',
      'const stackOf = (n: number) => { try { fails(n); } catch (e) { return (e as Error).stack; } };',
      'const first = stackOf(1);',
      // Past keepMs: the decoded map has been dropped and is read again.
      'setTimeout(() => console.log(JSON.stringify({ installed, first, again: stackOf(2) })), 300);',
    ].join('\n'),
  );
  await build({
    entryPoints: { main: source },
    outdir: path.dirname(bundle),
    bundle: true,
    platform: 'node',
    format: 'esm',
    minifyWhitespace: true, // as the server's: one long line, frames told apart by column
    charset: 'ascii',
    sourcemap: true,
    logLevel: 'warning',
  });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const run = (flags: string[] = []) =>
  JSON.parse(execFileSync(process.execPath, [...flags, bundle], { encoding: 'utf8' })) as {
    installed: boolean;
    first: string;
    again: string;
  };

describe('stack traces of the server bundle', () => {
  it('name the TypeScript source, line and column, again after the decoded map was dropped', () => {
    const { installed, first, again } = run();
    expect(installed).toBe(true);
    for (const [stack, n] of [
      [first, 1],
      [again, 2],
    ] as const) {
      expect(stack.split('\n')[0]).toBe(`Error: boom ${n}`);
      expect(stack).toContain(`at fails (${source}:4:9)`);
      expect(stack).not.toContain('main.js:');
    }
  });

  it('are left to Node where it maps them itself (--enable-source-maps)', () => {
    const { installed, first } = run(['--enable-source-maps']);
    expect(installed).toBe(false);
    expect(first).toContain(`${source}:4:9`);
  });
});
