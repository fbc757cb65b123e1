#!/bin/bash
# Alternates the ledger bench between the code before a change and the code now, round by round,
# so both sides see the same machine. Usage (from the repository root):
#
#   git worktree add --detach /tmp/ledger-base <commit> && ln -s "$PWD/node_modules" /tmp/ledger-base/node_modules
#   cp bench/billing/*.ts /tmp/ledger-base/bench/billing/   # the same load generator and measures on both sides
#   ROUNDS=4 bench/billing/ab.sh /tmp/ledger-base
set -u
base=${1:?the worktree of the code before the change}
here=$(pwd)
export PATH=$here/node_modules/node/bin:$PATH
export ALLOW_EMBEDDED_DEFAULTS=true DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
for i in $(seq 1 "${ROUNDS:-3}"); do
  for side in before after; do
    if [ "$side" = before ]; then dir=$base; else dir=$here; fi
    echo "=== round $i $side $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
    (cd "$dir" && npx tsx bench/billing/reserve-settle.ts)
  done
done
echo "=== end $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
