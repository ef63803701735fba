# Pattern Partner Portal: build with `docker build -t pattern-partner-portal .` (docs/operations.md).
# BASE_IMAGE is any Debian-based image with Node 22 or newer and npm (default: Node 24, the current
# LTS); scripts/container-smoke.sh passes a local one made with mmdebstrap (this project's CI
# machines reach no registry).
ARG BASE_IMAGE=node:24-bookworm-slim

# 1. Every dependency, then the server bundle and the web app (dist/).
FROM ${BASE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only.
FROM ${BASE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. What runs: no compiler, no dev dependencies, no build at start-up.
FROM ${BASE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_MMAP_THRESHOLD_=32768
WORKDIR /app
RUN groupadd --system --gid 10001 portal \
 && useradd --system --uid 10001 --gid portal --home-dir /data --no-create-home portal \
 && mkdir -p /data && chown portal:portal /data && chmod 0700 /data
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY drizzle ./drizzle
USER portal
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The flags and environment npm start passes (scripts/server-flags.mjs). SIGTERM finishes requests in flight, then stops.
CMD ["node", "--v8-pool-size=1", "--max-semi-space-size=4", "--no-maglev", "dist/server/main.js"]
