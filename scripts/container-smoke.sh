#!/usr/bin/env bash
# Builds the portal's container image on a machine that reaches no container registry, runs it and
# checks it: health, the first admin printed, sign-in, an upload, a restart keeping the data.
#   1. a Debian bookworm base made by mmdebstrap from Debian's packages, with the Node first on PATH
#      (22 or newer; .ci/run's Node 24, see the README) and npm copied in, and this machine's
#      certificate authorities (npm reaches the registry through them here); the Dockerfile's
#      BASE_IMAGE (real users get node:24-bookworm-slim);
#   2. podman (--storage-driver vfs) builds the Dockerfile with that base;
#   3. runs it with a named volume on /data, checks, restarts, checks again.
# Needs root (or rootless podman with uidmap), podman, mmdebstrap, curl, sha256sum. Several minutes:
# not run in CI (docs/operations.md has its last output). Usage: scripts/container-smoke.sh
set -euo pipefail

# crun refuses a host with hybrid cgroups (v1 plus a v2 mount with controllers, as on this project's
# sandboxed machines): the script then runs in a mount namespace of its own without the v2 mount.
if [ -z "${SMOKE_IN_NS:-}" ] && grep -qs . /sys/fs/cgroup/unified/cgroup.controllers; then
  exec env SMOKE_IN_NS=1 unshare -m --propagation private \
    sh -c 'umount /sys/fs/cgroup/unified && exec "$0" "$@"' "$0" "$@"
fi

cd "$(dirname "$0")/.."
WORK=.container
BASE=localhost/ppp-base:bookworm
IMAGE=localhost/pattern-partner-portal:smoke
NAME=ppp-smoke-$$
VOLUME=ppp-smoke-data-$$
PORT=${SMOKE_PORT:-3999}
URL=http://127.0.0.1:$PORT
PODMAN=(podman --storage-driver vfs --cgroup-manager=cgroupfs)
# Podman's default limits (1M files) exceed what a process without CAP_SYS_RESOURCE may set.
read -r -a LIMITS <<<"${SMOKE_ULIMITS:---ulimit nofile=$(ulimit -Hn):$(ulimit -Hn) --ulimit nproc=4096:4096}"
mkdir -p "$WORK"
step() { printf '\n== %s (%s)\n' "$*" "$(date -u +%H:%M:%S)"; }
fail() { echo "FAIL: $*" >&2; "${PODMAN[@]}" logs "$NAME" 2>&1 | tail -40 >&2 || true; exit 1; }
cleanup() {
  "${PODMAN[@]}" rm -f "$NAME" >/dev/null 2>&1 || true
  "${PODMAN[@]}" volume rm -f "$VOLUME" >/dev/null 2>&1 || true
}
trap cleanup EXIT

node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" -ge 22 ] || { echo "FAIL: the base image needs Node 22 or newer; $(command -v node) is $(node -v) (put Node 24 first on PATH, see the README)" >&2; exit 1; }
# The base is made again when the Node on PATH is not the one it holds.
if [ ! -s "$WORK/base.tar" ] || [ "$(cat "$WORK/base.node" 2>/dev/null)" != "$(node -v)" ]; then
  step "base image: mmdebstrap bookworm + $(node -v) from $(command -v node)"
  NODE_MODULES=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  mmdebstrap --variant=minbase --include=ca-certificates,libstdc++6 \
    --customize-hook="copy-in $(readlink -f "$(command -v node)") /usr/local/bin" \
    --customize-hook='mkdir -p "$1/usr/local/lib/node_modules"' \
    --customize-hook="copy-in $NODE_MODULES /usr/local/lib/node_modules" \
    --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"; ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
    --customize-hook='rm -rf "$1/var/lib/apt/lists"/* "$1/var/cache/apt"/*' \
    --customize-hook='upload /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt' \
    --customize-hook='echo cafile=/etc/ssl/certs/ca-certificates.crt > "$1/usr/local/etc/npmrc"' \
    bookworm "$WORK/base.tar" http://deb.debian.org/debian
  node -v >"$WORK/base.node"
fi
step "import base"
"${PODMAN[@]}" import --quiet "$WORK/base.tar" "$BASE" >/dev/null
"${PODMAN[@]}" run --rm "${LIMITS[@]}" "$BASE" node -v

step "build image"
start=$(date +%s)
# SMOKE_REUSE_IMAGE=1 runs the checks on the image built last time.
[ -n "${SMOKE_REUSE_IMAGE:-}" ] || "${PODMAN[@]}" build --quiet --format docker --network host "${LIMITS[@]}" \
  --build-arg BASE_IMAGE="$BASE" -t "$IMAGE" . >/dev/null
echo "built in $(($(date +%s) - start)) s"
size=$("${PODMAN[@]}" image inspect --format '{{.Size}}' "$IMAGE")
echo "image size: $((size / 1000000)) MB ($size bytes)"
base_size=$("${PODMAN[@]}" image inspect --format '{{.Size}}' "$BASE")
echo "of which the base: $((base_size / 1000000)) MB"
echo "runs as: $("${PODMAN[@]}" image inspect --format '{{.Config.User}}' "$IMAGE"); healthcheck: $("${PODMAN[@]}" image inspect --format '{{.Config.Healthcheck.Test}}' "$IMAGE")"

wait_healthy() {
  for _ in $(seq 1 120); do
    if curl -fsS "$URL/api/health" 2>/dev/null; then echo; return 0; fi
    "${PODMAN[@]}" container exists "$NAME" || fail "container gone"
    sleep 1
  done
  fail "not healthy after 120 s"
}
run_container() {
  "${PODMAN[@]}" run -d --name "$NAME" --network host "${LIMITS[@]}" -e PORT="$PORT" \
    -v "$VOLUME:/data" "$IMAGE" >/dev/null
}

step "run with a volume on /data"
"${PODMAN[@]}" volume create "$VOLUME" >/dev/null
start=$(date +%s)
run_container
wait_healthy
echo "healthy $(($(date +%s) - start)) s after run"
"${PODMAN[@]}" healthcheck run "$NAME" && echo "podman healthcheck: healthy"

step "first admin printed"
line=$("${PODMAN[@]}" logs "$NAME" 2>&1 | grep -m1 'Sign in as' || true)
[ -n "$line" ] || fail "no first-admin line"
echo "$line" | sed 's/password [^ ]*/password <hidden>/'
PASSWORD=$(echo "$line" | sed -E 's/.*with password ([^ ]+).*/\1/')

step "sign in"
login() {
  curl -fsS -H 'content-type: application/json' \
    -d "{\"email\":\"admin@localhost\",\"password\":\"$PASSWORD\"}" "$URL/api/auth/login"
}
TOKEN=$(login | sed -E 's/.*"token":"([^"]+)".*/\1/')
[ -n "$TOKEN" ] || fail "sign-in"
ME=$(curl -fsS -H "authorization: Bearer $TOKEN" "$URL/api/auth/me")
USER_ID=$(echo "$ME" | sed -E 's/.*"id":([0-9]+).*/\1/')
echo "signed in as user $USER_ID"

step "upload a profile picture"
python3 - "$WORK/pic.png" <<'PY'
import sys, zlib, struct
w = h = 64
raw = b''.join(b'\x00' + bytes(v for x in range(w) for v in (x * 4, y * 4, 128)) for y in range(h))
chunk = lambda t, d: struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
open(sys.argv[1], 'wb').write(png)
PY
answer=$(curl -sS -w ' %{http_code}' -H "authorization: Bearer $TOKEN" -F 'data={"fullName":"Smoke Admin"}' \
  -F "profile_pic=@$WORK/pic.png;type=image/png" "$URL/api/auth/update-user")
[ "${answer##* }" = 200 ] || fail "upload: $answer"
pic_sha() { curl -fsS -H "authorization: Bearer $TOKEN" "$URL/api/users/$USER_ID/profile-pic" | sha256sum | cut -c1-16; }
SHA=$(pic_sha)
echo "stored picture sha256 ${SHA}… (served back)"
"${PODMAN[@]}" exec "$NAME" sh -c 'id; find /data -maxdepth 2 -printf "%m %u %p\n" | sort | head -8'

step "restart (SIGTERM, start again): data kept"
"${PODMAN[@]}" restart --time 20 "$NAME" >/dev/null
wait_healthy
[ "$(pic_sha)" = "$SHA" ] || fail "picture changed or lost after restart"
echo "same session still valid, picture sha256 ${SHA}… after restart"
TOKEN=$(login | sed -E 's/.*"token":"([^"]+)".*/\1/')
[ -n "$TOKEN" ] || fail "sign-in after restart"
echo "signed in again with the first admin's password"
[ "$("${PODMAN[@]}" logs "$NAME" 2>&1 | grep -c 'with password')" = 1 ] || fail "a second password was printed"
echo "no new first admin on restart"

step "PASS"
