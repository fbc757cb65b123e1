# One image per service, all from one build (docs/decisions/0003-containers.md):
#   docker build --target documents -t gnology-documents .
# Targets: gateway auth conversation research documents album billing. Each runs
# `node dist/<name>.mjs`; the role (api | worker | relay | all) is chosen by ROLE at run time.

ARG NODE_IMAGE=node:24-bookworm-slim

# --- deps: every workspace's dependencies, installed from the lockfile -------------------
FROM ${NODE_IMAGE} AS deps
# The repo's npm (11) honours package.json `allowScripts`: only the listed packages may run
# install scripts. The base image ships npm 10, which would run them all.
# Pinned to package.json's packageManager, so every image gets the npm the lockfile was made with.
ARG NPM_VERSION=11.19.1
RUN npm install -g "npm@${NPM_VERSION}" --no-audit --no-fund && npm --version
WORKDIR /app
# Manifests first, so that this layer is rebuilt only when dependencies change.
COPY package.json package-lock.json .npmrc ./
COPY shared/contracts/package.json shared/contracts/
COPY shared/platform/package.json shared/platform/
COPY shared/genealogy/package.json shared/genealogy/
COPY shared/testing/package.json shared/testing/
COPY services/auth/package.json services/auth/
COPY services/conversation/package.json services/conversation/
COPY services/research/package.json services/research/
COPY services/documents/package.json services/documents/
COPY services/album/package.json services/album/
COPY services/billing/package.json services/billing/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY scripts/lib/ensure-install.mjs scripts/lib/
# The same install step as `npm start` and `npm test`: the locked versions (see scripts/lib/ensure-install.mjs).
RUN node scripts/lib/ensure-install.mjs

# --- build: bundles every service into dist/ and the web app into web/dist -------------
FROM deps AS build
COPY . .
RUN node scripts/build.mjs
# Only the servers' production dependencies go into the runtime image. The web app is already
# built into web/dist (served by the gateway), so its packages (React and the rest, ~139 MB) are
# dropped by taking web (and shared/testing) out of the workspaces before the prune. The
# `@gnology/*` workspace links go too: dist/*.mjs inlines the workspace code, and the links
# would point at folders the runtime stage does not copy.
RUN node -e "const fs = require('node:fs'); const p = JSON.parse(fs.readFileSync('package.json', 'utf8')); \
      p.workspaces = p.workspaces.filter((w) => w !== 'web' && w !== 'shared/testing'); \
      fs.writeFileSync('package.json', JSON.stringify(p, null, 2));" \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/@gnology

# --- runtime: what every service image shares ------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/app/.data \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Writable scratch for caches (e.g. OCR models); under Kubernetes an emptyDir is mounted here.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 8080
STOPSIGNAL SIGTERM
# Liveness for plain Docker (Compose and Kubernetes define their own probes). /healthz, not
# /readyz: a missing database makes a container unready, not unhealthy. Under --read-only, mount
# tmpfs on /tmp and /app/.data (docs/decisions/0003-containers.md). node:http rather than fetch:
# loading fetch alone takes seconds on a busy two-core machine, where a 4 s probe timed out
# against services that were up; 10 s leaves room for a loaded host.
HEALTHCHECK --interval=15s --timeout=10s --start-period=60s --retries=3 \
  CMD ["node", "-e", "require('node:http').get('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz',(r)=>process.exit(r.statusCode===200?0:1)).on('error',()=>process.exit(1))"]

# --- one target per service ------------------------------------------------------------
FROM runtime AS auth
ENV SERVICE=auth
CMD ["node", "dist/auth.mjs"]

FROM runtime AS conversation
ENV SERVICE=conversation
CMD ["node", "dist/conversation.mjs"]

FROM runtime AS research
ENV SERVICE=research
CMD ["node", "dist/research.mjs"]

FROM runtime AS documents
ENV SERVICE=documents
# Native Tesseract 5 (Debian's, with its English and OSD data as dependencies): OCR_ENGINE=auto reads with it, on the
# npm packages' 4.0.0_best_int models, with less CPU than tesseract.js (docs/decisions/0237).
USER root
RUN apt-get update \
 && apt-get install -y --no-install-recommends tesseract-ocr \
 && rm -rf /var/lib/apt/lists/*
USER node
CMD ["node", "dist/documents.mjs"]

FROM runtime AS album
ENV SERVICE=album
CMD ["node", "dist/album.mjs"]

FROM runtime AS billing
ENV SERVICE=billing
CMD ["node", "dist/billing.mjs"]

# The gateway also serves the web build (WEB_DIR). Last, so a plain `docker build .` builds it.
FROM runtime AS gateway
ENV SERVICE=gateway \
    WEB_DIR=/app/web/dist
COPY --from=build /app/web/dist ./web/dist
CMD ["node", "dist/gateway.mjs"]
