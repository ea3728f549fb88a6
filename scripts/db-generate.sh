#!/usr/bin/env bash
# Generates a SQL migration from packages/server/src/db/schema.ts: scripts/db-generate.sh <name>
# npm nests drizzle-orm under packages/server while drizzle-kit sits at the root, and drizzle-kit's
# dynamic import cannot see the nested copy; a link for the run's length lets it.
set -euo pipefail
cd "$(dirname "$0")/.."
link="$PWD/node_modules/drizzle-orm"
made=0
if [ ! -e "$link" ] && [ -d packages/server/node_modules/drizzle-orm ]; then
  ln -s ../packages/server/node_modules/drizzle-orm "$link"; made=1
fi
trap '[ $made = 1 ] && rm -f "$link"' EXIT
cd packages/server && npx drizzle-kit generate --name "${1:?migration name}" "${@:2}"
