import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Salesforce's import schemas (SFCC_SCHEMAS, `../shared/sfcc` in CI) and libxml2's xmllint, which the
 * storefront tests and the stand-in's import job check every written file with.
 */
export function sfccSchemas(): { dir: string | null; reason: string | null } {
  const dir = process.env.SFCC_SCHEMAS ? path.resolve(process.env.SFCC_SCHEMAS) : null;
  if (!dir) return { dir: null, reason: 'SFCC_SCHEMAS is not set (the folder of catalog.xsd)' };
  if (!fs.existsSync(path.join(dir, 'catalog.xsd')))
    return { dir: null, reason: `no catalog.xsd in SFCC_SCHEMAS (${dir})` };
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
  } catch {
    return { dir: null, reason: 'xmllint (libxml2-utils) is not installed' };
  }
  return { dir, reason: null };
}

/** Validates a file against `<dir>/<schema>`; answers null when valid, else xmllint's message. */
export function validateXml(dir: string, schema: string, file: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(
      'xmllint',
      ['--noout', '--schema', path.join(dir, schema), file],
      { maxBuffer: 16 * 1024 * 1024 },
      (err, _stdout, stderr) => resolve(err ? stderr.trim() || String(err) : null),
    );
  });
}
