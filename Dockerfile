# syntax=docker/dockerfile:1
# The shop's server as a container image, documentation as much as a build: README.md, "Run on
# several servers", and compose.yaml beside it. tests/kernel/container-files.test.ts checks what
# matters here (non-root, health check, server flags, build arguments); no Docker engine runs in CI.
#
#   docker build -t farmfresh --build-arg SITE_URL=https://shop.example.in --build-arg SHOP_NAME=… .
#
# Stages: deps (every dependency, for the build), build (`npm run build`), prod-deps (runtime
# dependencies only) and the runtime image (Node on Debian slim, user `node`).

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- deps: `npm ci` from the lock file. npm 11 runs a dependency's install script only when
# package.json's "allowScripts" lists it (the `node` devDependency yes; esbuild and @swc/core no:
# their prebuilt binaries come as optional packages), so no --ignore-scripts here.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ---- build: prerendered pages (policy pages, the footer, the sitemap) bake the shop's settings
# in, so they are build arguments: the list of scripts/ensure-build.ts (BUILD_ENV_KEYS) and the
# delivery zones file. An image is built per shop; a change of any of these needs a new image.
FROM deps AS build
ARG SITE_URL
ARG SHOP_NAME
ARG SHOP_EMAIL
ARG SHOP_PHONE
ARG SHOP_ADDRESS
ARG SHOP_GSTIN
ARG SHOP_LEGAL_NAME
ARG SHOP_FSSAI_LICENCE
ARG SHOP_FSSAI_VALID_UNTIL
ARG SHOP_CARE_PHONE
ARG SHOP_CARE_EMAIL
ARG GRIEVANCE_OFFICER_NAME
ARG GRIEVANCE_OFFICER_DESIGNATION
ARG GRIEVANCE_OFFICER_PHONE
ARG GRIEVANCE_OFFICER_EMAIL
ARG MEDIA_BASE_URL
ARG DELIVERY_ZONES_FILE
ARG DEMO_MODE=false
# An empty setting counts as unset (src/lib/config.ts), so an argument not given keeps its default.
ENV SITE_URL=${SITE_URL} \
    SHOP_NAME=${SHOP_NAME} \
    SHOP_EMAIL=${SHOP_EMAIL} \
    SHOP_PHONE=${SHOP_PHONE} \
    SHOP_ADDRESS=${SHOP_ADDRESS} \
    SHOP_GSTIN=${SHOP_GSTIN} \
    SHOP_LEGAL_NAME=${SHOP_LEGAL_NAME} \
    SHOP_FSSAI_LICENCE=${SHOP_FSSAI_LICENCE} \
    SHOP_FSSAI_VALID_UNTIL=${SHOP_FSSAI_VALID_UNTIL} \
    SHOP_CARE_PHONE=${SHOP_CARE_PHONE} \
    SHOP_CARE_EMAIL=${SHOP_CARE_EMAIL} \
    GRIEVANCE_OFFICER_NAME=${GRIEVANCE_OFFICER_NAME} \
    GRIEVANCE_OFFICER_DESIGNATION=${GRIEVANCE_OFFICER_DESIGNATION} \
    GRIEVANCE_OFFICER_PHONE=${GRIEVANCE_OFFICER_PHONE} \
    GRIEVANCE_OFFICER_EMAIL=${GRIEVANCE_OFFICER_EMAIL} \
    MEDIA_BASE_URL=${MEDIA_BASE_URL} \
    DELIVERY_ZONES_FILE=${DELIVERY_ZONES_FILE} \
    DEMO_MODE=${DEMO_MODE} \
    NODE_ENV=production
COPY . .
RUN npm run build

# ---- prod-deps: what the server and the tools (db:migrate, db:roles) import; no dev tools.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# ---- runtime: the built server, its migrations and the tools' sources (scripts/ and src/, run
# with Node's type stripping by `npm run db:migrate`), owned by root and run as `node`.
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4321 \
    METRICS_PORT=9464 \
    METRICS_HOST=0.0.0.0 \
    NODE_MAX_OLD_SPACE_MB=192 \
    MALLOC_ARENA_MAX=2 \
    PGLITE_DATA_DIR=/data/pglite \
    MEDIA_DIR=/data/media
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json tsconfig.json ./
COPY drizzle ./drizzle
COPY scripts ./scripts
COPY src ./src
# Uploaded photos (MEDIA_DIR) and, without DATABASE_URL, PGlite's files: a volume, writable by `node`.
RUN mkdir -p /data/media /data/pglite && chown -R node:node /data
VOLUME /data
USER node
EXPOSE 4321 9464
# Liveness: /healthz answers 200 while the process serves at all, whatever its database does,
# so an orchestrator restarts only a container that is stuck. /readyz (503 while warming up,
# draining or without a database) is for the load balancer's readiness check, which stops
# sending visitors to a server without restarting it: as the health check it would mark every
# container unhealthy during a database outage and restart the whole fleet. Slim images have no
# curl: Node's own fetch asks.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4321)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server flags of scripts/server-flags.ts (as `npm start` passes them; PostgreSQL, so no
# PGlite WebAssembly flags), with the heap limit from NODE_MAX_OLD_SPACE_MB; its environment
# (MALLOC_ARENA_MAX) is in the ENV above. `exec` replaces the
# shell with Node, so the SIGTERM of `docker stop` reaches the server and it drains.
CMD ["sh", "-c", "exec node --max-semi-space-size=16 --max-old-space-size=${NODE_MAX_OLD_SPACE_MB} dist/server/entry.mjs"]
