// `node scripts/lock-platforms.mjs`: puts back the lock-file entries of native packages built for other
// platforms. The registry this project is installed from here serves only the Linux builds, so npm leaves
// the others out of package-lock.json, and `npm ci` then refuses the lock file as out of sync with
// package.json ("Missing: @tailwindcss/oxide-darwin-arm64@ from lock file"). Each entry gets the
// version its parent asks for and the os/cpu/libc its name states, so npm skips it on other machines
// (and fetches it, from a registry that has it, on the machine it is for). Run it after `npm install`
// when `npm ci` reports missing entries.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  wasm32: 'wasm32',
};
const OS = {
  android: 'android',
  darwin: 'darwin',
  freebsd: 'freebsd',
  linux: 'linux',
  win32: 'win32',
  openharmony: 'openharmony',
};

/** `oxide-linux-arm-gnueabihf` → { os: linux, cpu: arm, libc: glibc }; undefined when the name says no platform. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const i = parts.findIndex((p) => OS[p] || p === 'wasm32');
  if (i < 0) return undefined;
  if (parts[i] === 'wasm32') return { cpu: ['wasm32'] };
  const cpu = CPU[parts[i + 1]];
  if (!cpu) return undefined;
  const abi = parts[i + 2] ?? '';
  const libc =
    parts[i] !== 'linux'
      ? undefined
      : abi.startsWith('musl')
        ? ['musl']
        : abi.startsWith('gnu')
          ? ['glibc']
          : undefined;
  return { os: [OS[parts[i]]], cpu: [cpu], ...(libc ? { libc } : {}) };
}

let added = 0;
for (const [where, pkg] of Object.entries(lock.packages)) {
  for (const [dep, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    const at = `${where ? `${where}/` : ''}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (lock.packages[at] || lock.packages[hoisted]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(range)) continue; // only exact versions of platform builds
    lock.packages[hoisted] = {
      version: range,
      ...platform,
      ...(pkg.dev ? { dev: true } : {}),
      optional: true,
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
  ),
);
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${added} platform entries added to package-lock.json`);
