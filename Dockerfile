# syntax=docker/dockerfile:1
#
# The one Dockerfile of every service. Build from the repository root; SERVICE names the folder
# services/<SERVICE> (its workspace package is @tp/<SERVICE>) and SERVICE_PACKAGES the Debian
# packages it runs (e.g. ffmpeg for media). tools/dev/images.ts holds both for every image of the
# chart and prints the build commands (node tools/dev/images.ts REGISTRY TAG):
#
#   docker build --build-arg SERVICE=gateway -t REGISTRY/transcription-gateway:TAG .
#   docker build --build-arg SERVICE=media --build-arg SERVICE_PACKAGES=ffmpeg -t REGISTRY/transcription-media:TAG .
#   docker build --target migrations -t REGISTRY/transcription-migrations:TAG .
#
# The default target (the last stage) is the service image; `--target migrations` is the image
# of the chart's migration Job, `node packages/db/src/cli.ts deploy --all`, and of its service
# identity key Job, `node tools/service-keys/src/main.ts sync ...`, and of its `helm test` Pod
# (tools/cli and tools/smoke); it needs no SERVICE.
#
# The worker image ships whisper.cpp (ADR 0029), built from pinned sources by tools/dev/whisper-lib.ts
# into /app/.tools/whisper/lib, where the engine looks by default (WHISPER_LIBRARY). WHISPER_BUILD says
# which build, and only the worker takes one (the build refuses anything else):
#
#   docker build --build-arg SERVICE=worker --build-arg WHISPER_BUILD=portable ...   any x86-64 CPU
#   docker build --build-arg SERVICE=worker --build-arg WHISPER_BUILD=cuda ...       and NVIDIA GPUs
#
# portable builds on this file's Node image; cuda on CUDA_DEVEL_IMAGE, an Ubuntu 22.04 whose glibc
# (2.35) is older than the runtime's (Debian bookworm, 2.36), so what it builds loads there. The CUDA
# runtime and cuBLAS travel in the library folder; the driver (libcuda.so.1) is the node's, mounted
# by the NVIDIA container runtime.
#
# Images keep the workspace layout (/app/packages/*, /app/services/<name>) instead of using
# `pnpm deploy`: Node strips TypeScript types only outside node_modules, and `pnpm deploy`
# copies the workspace packages into node_modules, where Node refuses to load .ts files.

ARG NODE_IMAGE=node:24-bookworm-slim
ARG CUDA_DEVEL_IMAGE=nvidia/cuda:12.6.3-devel-ubuntu22.04
ARG SERVICE
ARG SERVICE_PACKAGES=
# none (every image but the worker's), portable or cuda: the whisper.cpp build the image ships.
ARG WHISPER_BUILD=none

FROM ${NODE_IMAGE} AS base
# PM_ON_FAIL=ignore: the lockfile does not record the packageManager pin (no pnpm binary for
# every platform is published); the pnpm installed here is exactly the pinned one.
ENV PNPM_CONFIG_STORE_DIR=/pnpm/store \
    PNPM_CONFIG_PM_ON_FAIL=ignore \
    CI=true
RUN npm install --global --no-audit --no-fund --loglevel=error pnpm@12.20.0
# stage-prod <package>... <out>: the packages, the workspace packages they import at run time and
# their production node_modules, in the workspace layout, without tests.
COPY --chmod=0755 <<'EOF' /usr/local/bin/stage-prod
#!/bin/sh
set -eu
filters=""
out=""
for arg in "$@"; do
  if [ -n "$out" ]; then filters="$filters --filter-prod $out..."; fi
  out="$arg"
done
# Package names hold no spaces: $filters splits into its flags on purpose.
# shellcheck disable=SC2086
closure=$(pnpm ls $filters --depth -1 --parseable --fail-if-no-match)
find . -name node_modules -type d -prune -exec rm -rf {} +
# shellcheck disable=SC2086
pnpm install --prod --frozen-lockfile --offline $filters
mkdir -p "$out"
cp -a package.json pnpm-workspace.yaml node_modules "$out/"
for dir in $closure; do
  relative="${dir#"$PWD"/}"
  cp -a --parents "$relative" "$out/"
  rm -rf "$out/$relative/test"
  find "$out/$relative" -path "$out/$relative/node_modules" -prune -o -name '*.test.ts' -type f -exec rm -f {} +
done
EOF
WORKDIR /repo

# Install and generate once for the whole workspace.
FROM base AS build
# Only the lockfile (and the patches it references) decides this layer: source edits reuse it.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
COPY patches/ ./patches/
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline
RUN node_modules/.bin/buf generate proto --template proto/buf.gen.yaml \
 && node packages/db/src/cli.ts generate --all

FROM build AS web-app
# The web app (SERVICE=web only): Vite builds services/web/app into services/web/dist, the folder its
# server serves (WEB_DIST_DIR), with the dev dependencies of this stage; every other service gets an
# empty folder, so its image is the same.
ARG SERVICE
RUN mkdir -p /out \
 && if [ "${SERVICE}" = "web" ]; then \
      pnpm --filter @tp/web build \
      && cp -a services/web/dist /out/dist; \
    fi

FROM build AS service-files
ARG SERVICE
RUN if [ -z "${SERVICE}" ]; then \
      echo 'SERVICE is not set: docker build --build-arg SERVICE=<name of a folder in services/> .' >&2; \
      exit 1; \
    fi \
 && stage-prod "@tp/${SERVICE}" /out
COPY --from=web-app /out/ /out/services/${SERVICE}/

FROM build AS migration-files
# The migration CLI and every service's committed schema and migrations; the service identity
# key tool (tools/service-keys), which the chart's key hook Job runs from this image; and tsctl
# (tools/cli) and the smoke test (tools/smoke), which the chart's `helm test` Pod runs.
RUN stage-prod "@tp/db" "@tp/service-keys" "@tp/tsctl" "@tp/smoke" /out \
 && for service in services/*/prisma; do \
      cp -a --parents "$service" "$(dirname "$service")/package.json" /out/; \
    done

FROM ${NODE_IMAGE} AS runtime-base
# tini as PID 1 forwards SIGTERM to node and reaps children.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
ENTRYPOINT ["/usr/bin/tini", "--"]

FROM runtime-base AS migrations
COPY --from=migration-files /out/ /app/
WORKDIR /app
# Numeric, so Kubernetes can verify runAsNonRoot; files stay root-owned and read-only.
USER 10001:10001
CMD ["node", "packages/db/src/cli.ts", "deploy", "--all"]

# whisper.cpp for the worker: the library folder (libwhisper.so, libggml*.so, version.txt) in /out.
FROM ${NODE_IMAGE} AS whisper-portable
RUN apt-get update \
 && apt-get install -y --no-install-recommends cmake g++ make \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /repo
COPY tools/dev/whisper-lib.ts tools/dev/layout.ts tools/dev/
RUN node tools/dev/whisper-lib.ts --variant portable --out /out

FROM ${NODE_IMAGE} AS node-binary

FROM ${CUDA_DEVEL_IMAGE} AS whisper-cuda
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends cmake g++ make \
 && rm -rf /var/lib/apt/lists/*
# So that ldd resolves the CUDA runtime and cuBLAS the build copies beside the libraries.
ENV LD_LIBRARY_PATH=/usr/local/cuda/lib64
# The build script is TypeScript run by Node: the runtime's Node, which runs on this glibc too.
COPY --from=node-binary /usr/local/bin/node /usr/local/bin/node
WORKDIR /repo
COPY tools/dev/whisper-lib.ts tools/dev/layout.ts tools/dev/
RUN node tools/dev/whisper-lib.ts --variant cuda --out /out

# The service image without whisper.cpp, and with each build of it; `service` takes WHISPER_BUILD's.
FROM runtime-base AS service-base
ARG SERVICE
ARG SERVICE_PACKAGES
ARG WHISPER_BUILD
RUN case "${SERVICE}:${WHISPER_BUILD}" in \
      worker:none) echo 'the worker ships whisper.cpp: --build-arg WHISPER_BUILD=portable (CPU) or cuda (NVIDIA GPUs)' >&2; exit 1 ;; \
      worker:portable|worker:cuda|*:none) ;; \
      *) echo "WHISPER_BUILD=${WHISPER_BUILD}: only the worker image takes one (none, portable or cuda)" >&2; exit 1 ;; \
    esac
RUN if [ -n "${SERVICE_PACKAGES}" ]; then \
      apt-get update \
      && apt-get install -y --no-install-recommends ${SERVICE_PACKAGES} \
      && rm -rf /var/lib/apt/lists/*; \
    fi
COPY --from=service-files /out/ /app/
WORKDIR /app/services/${SERVICE}
USER 10001:10001
CMD ["node", "src/main.ts"]

FROM service-base AS service-whisper-none

FROM service-base AS service-whisper-portable
COPY --from=whisper-portable /out/ /app/.tools/whisper/lib/

FROM service-base AS service-whisper-cuda
COPY --from=whisper-cuda /out/ /app/.tools/whisper/lib/

# BuildKit builds only the stages this one needs: no whisper.cpp build for an image without it.
FROM service-whisper-${WHISPER_BUILD} AS service
