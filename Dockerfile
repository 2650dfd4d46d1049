# Padel Match: build the client and the server in one stage, install the production dependencies
# (postgres.js patched) in another, and run the compiled server as the unprivileged `node` user.
#   docker build -t padel-match .
#   docker run -p 127.0.0.1:3000:3000 -e APP_SECRET=... -e PUBLIC_URL=https://... -v padel-data:/data padel-match
#
# The base image is pinned by digest (the multi-platform index of node:22-bookworm-slim, as pinned and
# kept current by Dependabot in geovetlf/Dizaster, infra/docker/core.Dockerfile). To move to a newer
# Node 22: `docker buildx imagetools inspect node:22-bookworm-slim` prints the current digest; replace
# it in the three FROM lines (tests/e2e/image-deps.test.ts checks they are all pinned and equal).

FROM node:22-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# No sources yet, so no postinstall (patch + build); the build needs neither the patch nor argon2.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
COPY scripts/image-deps.sh ./scripts/image-deps.sh
# Only node_modules leaves this stage, so its npm cache never reaches the image.
RUN sh scripts/image-deps.sh

FROM node:22-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c
# npm run bench runs the servers with this stage's NODE_OPTIONS and MALLOC_* if any are set here.
# The old generation is capped at 128 MB (the live heap is about 28 MB; uncapped V8 let it fill to
# about 100 MB before a full collection): peak RSS 282 -> 220 MB side by side (bench/ab.ts), as in
# `npm start`. A cap this low also shrinks V8's young generation (semi-space), which made list pages
# cost 24% more CPU: --max-semi-space-size=16 gives it back (lists 645 -> 778 req/s beside 824 uncapped,
# peak RSS 140 MB beside 218 MB under list load, bench/ab.ts, 2026-11-24). Rejected: a smaller young generation (--max-semi-space-size=4) saved about 25 MB but
# tripled the list's garbage-collection time, and MALLOC_ARENA_MAX=2 made argon2 verifies page-fault
# more (44,000 faults per 200 verifies instead of 20,000) and peak higher (140 MB instead of 121).
ENV NODE_ENV=production \
    NODE_OPTIONS="--max-old-space-size=128 --max-semi-space-size=16" \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# pg_dump / pg_restore for `node dist/db/backup.js backup|restore <file>` on PostgreSQL. pg_dump must be
# of the server's major version or newer: Debian bookworm ships 15, the major compose.yaml runs
# (tests/unit/compose.test.ts keeps them equal). A newer server needs backups run where a client of
# its major is installed (e.g. `docker compose exec postgres pg_dump`).
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client-15 \
 && rm -rf /var/lib/apt/lists/*
RUN mkdir -p /data && chown node:node /data
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --chown=root:root package.json ./
USER node
EXPOSE 3000
VOLUME ["/data"]
# First check after 30 s; three misses in a row (90 s) mark it unhealthy, time enough for a first start
# that migrates the database.
HEALTHCHECK --interval=30s --timeout=5s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/index.js"]
