# The browser host image (ECS Fargate): Node 22, the host entry bundled into one module, and Debian's full Chromium
# with its matching chromedriver, pinned: the new headless mode loads extensions (EXTENSIONS_DIR) and chromedriver
# serves sessions' WebDriver endpoints (`chromedriverUrl`). The bundled @sparticuz/chromium headless shell stays the
# default of `npm start` where no system Chromium is installed; it is not in the image.
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

FROM node:22-bookworm-slim
# Chromium and chromium-driver of one version (chromedriver drives only its own major). Debian publishes Chromium
# updates through bookworm-security and drops the superseded version from it, so a rebuild after an update fails
# here until CHROMIUM_VERSION is raised (`apt-cache policy chromium` names the current one): the image never drifts.
# No recommends: they pull a desktop (udev, avahi, GTK themes). Fonts render pages' text (Latin, CJK, emoji).
ARG CHROMIUM_VERSION=156.0.8078.108-1~deb12u1
# The pinned version lives in bookworm-security: the image names that suite itself when the base's sources lack it
# (a base built from a mirror or by debootstrap has only bookworm), instead of failing with "version not found".
RUN grep -rqs 'bookworm-security' /etc/apt/sources.list /etc/apt/sources.list.d/ \
 || printf 'Types: deb\nURIs: http://deb.debian.org/debian-security\nSuites: bookworm-security\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    > /etc/apt/sources.list.d/bookworm-security.sources
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium=${CHROMIUM_VERSION} chromium-common=${CHROMIUM_VERSION} chromium-driver=${CHROMIUM_VERSION} fontconfig fonts-liberation fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && /usr/lib/chromium/chromium --version && chromedriver --version
# Extensions offered to sessions (`configuration.extensionIds`): one unpacked extension per folder of extensions/,
# named by its id, baked into the image. On AWS hosts also copy the folders under EXTENSIONS_PREFIX of
# EXTENSIONS_BUCKET here at start (an upload and a host restart, no new image), so the folder belongs to the host's user.
COPY --chown=node:node extensions /opt/extensions
COPY --from=build /app /app
ENV NODE_ENV=production \
    CHROMIUM_PATH=/usr/lib/chromium/chromium \
    EXTENSIONS_DIR=/opt/extensions \
    HOST_PORT=9300 \
    HOST_WORK_DIR=/tmp/sessionhost-browsers
# The unprivileged user of the Node image: browsers never run as root.
USER node
EXPOSE 9300
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.HOST_PORT || 9300) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Zombie reaping comes from the task's init process (initProcessEnabled); locally use `docker run --init`.
CMD ["node", "--enable-source-maps", "/app/host.mjs"]
