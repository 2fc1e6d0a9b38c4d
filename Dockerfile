# syntax=docker/dockerfile:1
# The site, the element bundle and the API in one image. Build: docker build -t agency .
# Run (embedded database in a volume): docker run -p 8080:8080 -v agency-data:/data agency
# Several instances on PostgreSQL: compose.yaml. Everything an operator sets: docs/deploy.md.
# Node 24, the current LTS line, in production; development and CI also run on Node 20.19+ (package.json engines).
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: every dependency, then the three builds (element bundle, site, server)
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests alone first, so this layer stays cached until a dependency changes.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/core/package.json packages/core/
COPY packages/ui/package.json packages/ui/
COPY packages/widgets/package.json packages/widgets/
COPY packages/server/package.json packages/server/
COPY host/package.json host/
COPY examples/package.json examples/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies and the built files only, as an unprivileged user
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/core/package.json packages/core/
COPY packages/ui/package.json packages/ui/
COPY packages/widgets/package.json packages/widgets/
COPY packages/server/package.json packages/server/
COPY host/package.json host/
COPY examples/package.json examples/
# Production dependencies of the server and of the site's server entry (host/dist/server/entry-server.js renders
# the public pages in the server's process and imports react, react-dom, react-router, @lingui/* and dompurify).
# The bundle and the site's browser code are static files by now. (Every workspace manifest is copied because the
# lock lists them; only these two workspaces' dependencies are installed.)
RUN npm ci --omit=dev --workspace @agency/server --workspace @agency/host --no-audit --no-fund && npm cache clean --force
# Read at run time from beside the server (src/paths.ts): migrations, the blog's Markdown, the list of common
# passwords, and the texts (.po) of the server and of the contract's error messages.
COPY packages/server/migrations packages/server/migrations
COPY packages/server/content packages/server/content
COPY packages/server/src/accounts/common-passwords.txt packages/server/src/accounts/common-passwords.txt
COPY packages/server/src/locales packages/server/src/locales
COPY packages/contract/src/locales packages/contract/src/locales
COPY packages/contract/src/quote-choices/locales packages/contract/src/quote-choices/locales
COPY packages/contract/src/package-features/locales packages/contract/src/package-features/locales
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/widgets/dist packages/widgets/dist
# Earlier builds of the bundle (those in the build context plus this one): their chunks stay available to pages
# opened before a deploy (docs/deploy.md, "Migrations and upgrades").
COPY --from=build /app/packages/widgets/releases packages/widgets/releases
# The site: its browser build and, in host/dist/server, the server entry that renders the public pages.
COPY --from=build /app/host/dist host/dist
# DATA_DIR: the embedded database and the mail outbox (without SMTP_URL). Unused with DATABASE_URL and SMTP_URL.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 8080
# Liveness. compose.yaml checks readiness (node packages/server/dist/healthcheck.js ready) instead.
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "packages/server/dist/healthcheck.js"]
# Applies pending migrations, then serves. SIGTERM shuts down gracefully (in-flight requests and mail finish).
CMD ["node", "packages/server/dist/server.js"]
