# The browser host image (ECS Fargate): Node 22, the host entry bundled into one module, and Chromium unpacked at
# build time from @sparticuz/chromium, the same pinned build the tests run against (package-lock.json).
# Build context: the project root (see .dockerignore). Used by lib/browser-hosts.ts through ContainerImage.fromAsset.

FROM node:22-bookworm-slim AS build
WORKDIR /build
COPY package.json package-lock.json ./
# No install scripts: the postinstall fetches a second Node for tests, which the image does not need.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json ./
COPY functions ./functions
COPY scripts/bundle-host.ts ./scripts/
RUN npx tsx scripts/bundle-host.ts /app/host.mjs
# Unpack the Brotli-packed binary once here instead of into /tmp at every task start. The package's CommonJS entry
# exports the class itself (no `.default`). It unpacks as mode 0700 for root; the host runs as `node`, so everyone
# gets read, and execute where the owner has it.
RUN mkdir -p /opt/chromium \
 && TMPDIR=/opt/chromium node -e "require('@sparticuz/chromium').executablePath().then((path) => console.log(path))" \
 && chmod -R go+rX /opt/chromium \
 && test -x /opt/chromium/chromium

FROM node:22-bookworm-slim
# The shared libraries the binary links beyond glibc: expat, NSS (libnss3 also brings libsoftokn3 and libfreebl3,
# which NSS loads at run time) and NSPR (libnspr4, libplc4, libplds4). @sparticuz/chromium carries its own copies
# only for Amazon Linux, where Fargate's Debian image is not. Fonts render pages' text (Latin, CJK, emoji).
RUN apt-get update \
 && apt-get install -y --no-install-recommends libexpat1 libnss3 libnspr4 fontconfig fonts-liberation fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /opt/chromium /opt/chromium
# A library missing from the list above fails the build here, not every browser launch in production.
RUN missing=$(ldd /opt/chromium/chromium /opt/chromium/*.so* 2>/dev/null | grep 'not found' || true) \
 && if [ -n "$missing" ]; then echo "Chromium needs libraries the image lacks:" >&2; echo "$missing" >&2; exit 1; fi
COPY --from=build /app /app
ENV NODE_ENV=production \
    CHROMIUM_PATH=/opt/chromium/chromium \
    HOST_PORT=9300 \
    HOST_WORK_DIR=/tmp/sessionhost-browsers
# The unprivileged user of the Node image: browsers never run as root.
USER node
EXPOSE 9300
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.HOST_PORT || 9300) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Zombie reaping comes from the task's init process (initProcessEnabled); locally use `docker run --init`.
CMD ["node", "--enable-source-maps", "/app/host.mjs"]
