#!/bin/sh
# The suite's two passes (README.md), run at the same time: the whole suite with MkDocs on
# every core, and its site tests again with ProperDocs in one process at the lowest priority
# (nice 19). The second takes only the processor time the first leaves idle (its browser
# tests wait for frames, its serve tests for rebuilds), where it used to run after the
# first; at a higher priority it slowed the browser tests down by more than it gained, and
# on every core it spent a tenth more on starting workers. Its output follows the first's;
# the exit status is 0 only when both passed. Arguments go to both passes (say -x).
set -u
cd "$(dirname "$0")/.."
# Python keeps its bytecode caches for the suite's many processes (README.md)
export PYTHONDONTWRITEBYTECODE=
log=$(mktemp)
nice -n 19 .venv/bin/python -m pytest -q -p no:cacheprovider \
  -m 'site and not browser and not once' --generator properdocs "$@" >"$log" 2>&1 &
again=$!
# an interrupted run ends the second pass too (a job in the background ignores Ctrl-C)
trap 'kill "$again" 2>/dev/null; rm -f "$log"; exit 130' INT TERM
.venv/bin/python -m pytest -q -n auto --dist loadfile "$@"
first=$?
wait "$again"
second=$?
trap - INT TERM
echo "The site tests again with ProperDocs (--generator properdocs):"
cat "$log"
rm -f "$log"
[ "$first" -eq 0 ] && [ "$second" -eq 0 ]
