#!/bin/sh
# The production node_modules of the Docker image, with postgres.js patched (patches/). Run by the
# Dockerfile's deps stage and replayed by tests/e2e/image-deps.test.ts, so what the test checks is
# what the image ships. Needs package.json, package-lock.json, .npmrc and patches/ in the current
# directory.
#
# `npm ci --omit=dev` alone fails: it runs our postinstall, whose patch-package is a dev dependency.
# So: install everything without any lifecycle script, run the install scripts of the production
# dependencies that have one (argon2's native binding check; the lock file lists them; a bare
# `npm rebuild` would run our postinstall too), apply the patches (failing the build if one no longer
# applies), then drop the dev dependencies (prune leaves the kept packages' patched files alone).
set -eu
npm ci --ignore-scripts --no-audit --no-fund
node -e 'for (const [path, p] of Object.entries(require("./package-lock.json").packages))
  if (path && p.hasInstallScript && !p.dev) console.log(path.replace(/^.*node_modules\//, ""))' | xargs -r npm rebuild --no-audit --no-fund
npx --no-install patch-package --error-on-fail --error-on-warn
npm prune --omit=dev --no-audit --no-fund
