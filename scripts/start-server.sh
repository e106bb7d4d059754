#!/bin/sh
# Starts the server as `npm start` does: `sh scripts/start-server.sh dist/server/main.js`. The arguments go to node (a
# profiler's flags before the entry file; `--import tsx src/server/main.ts` runs the sources). `exec`, so the server is
# this process and receives its signals.
#
# glibc keeps two malloc arenas instead of one per thread (about 30 MB less under load with the embedded database).
# With the embedded database (no DATABASE_URL), PostgreSQL runs inside this process and memory is the scarce thing:
# blocks of 128 KB and more are mapped apart and given back when freed, a heap's free top past 1 MB is given back,
# and V8's old generation grows by half of what survives a collection instead of up to 4x. Under the mixed load the
# server's peak fell from about 306-330 MB to 288-294 MB at the same throughput. With PostgreSQL apart the server
# stays near 250 MB without them, and they cost it 8-10 % of its throughput (docs/performance.md, Session 10).
# Any of the variables set in the environment wins.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
if [ -z "$DATABASE_URL" ]; then
  export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
  export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-1048576}"
  set -- --heap-growing-percent=50 "$@"
fi
exec node --enable-source-maps "$@"
