# syntax=docker/dockerfile:1
# Production image: `docker build -t showcase .`, then see compose.yaml and
# docs/operations.md. Three stages: the build (all dependencies), the
# production dependencies pruned from it, and the runtime image with only
# those and build/.
#
# PUBLIC_URL is required: the server refuses to start without it (it is the
# address visitors reach the site at; links never follow the Host header).
# For example, with the data in a volume and JWT_SECRET from `openssl rand -hex 32`:
#   docker run -p 3000:3000 -v showcase-data:/data -e PUBLIC_URL=https://example.com -e JWT_SECRET showcase

# The Node.js 20 image every stage starts from: the official one. CI's image
# check (npm run test:image) passes another, made without a registry.
ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: web app (build/client, build/server) and server bundles (build/node)
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Compilers for native modules, in case no prebuilt binary fits.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- production dependencies: the build stage's node_modules with the
# development ones removed, so native modules are compiled once, in the build
FROM build AS production-dependencies
RUN npm prune --omit=dev --no-audit --no-fund

# --- runtime
FROM ${NODE_IMAGE}
# Two allocator arenas and a small young generation keep the server's memory
# within budget (docs/operations.md, Memory).
ENV NODE_ENV=production \
  MALLOC_ARENA_MAX=2 \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
WORKDIR /app
# package.json marks the bundles as ES modules; the server loads the web app
# from build/ relative to this folder.
COPY --chown=root:root package.json package-lock.json ./
COPY --from=production-dependencies --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
# The code stays root-owned and read-only to the server; only /data is its own.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node as PID 1 receives SIGTERM itself and shuts down gracefully.
CMD ["node", "--max-semi-space-size=4", "build/node/server.js"]
