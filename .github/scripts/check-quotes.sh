#!/usr/bin/env bash
# Check every quote of the collection against its source at the reviewed revision, as the
# Quotes workflow does. For each source that `mkdocs-reports quotes --list-sources` names
# (a public https repository and a full commit), fetch that one commit, shallow, into a new
# bare repository: nothing is checked out and nothing of it is run; only git reads it. Then
# `mkdocs-reports quotes --check` verifies every quote (exit 1 on a quote not found, or a
# committed quote lock that is not what the sources verify). A lock of a source that is not
# fetched (no https repository, no full commit) fails at once, unless it was made from a
# plain folder: its pages say "checked against a capture", never "verified".
#
# Usage: check-quotes.sh WORKDIR [MKDOCS-REPORTS]
# Git may speak https only (QUOTES_GIT_PROTOCOLS widens it for the tests' local copies).
set -euo pipefail

work="$1"
tool="${2:-.venv/bin/mkdocs-reports}"
export GIT_ALLOW_PROTOCOL="${QUOTES_GIT_PROTOCOLS:-https}" GIT_TERMINAL_PROMPT=0 GIT_CONFIG_NOSYSTEM=1

mkdir -p "$work"
# A lock that vouches for a source this script cannot fetch would be checked by nothing:
# --list-sources fails on it (its lines above say which).
if ! "$tool" quotes --list-sources > "$work/sources.tsv"; then
  echo "::error::a quote lock vouches for a source CI cannot fetch to verify it again"
  exit 1
fi
args=()
while IFS=$'\t' read -r system source url revision; do
  if ! [[ "$system" =~ ^[a-z0-9][a-z0-9-]*$ && "$source" =~ ^SRC-[0-9]+$ \
        && "$revision" =~ ^[0-9a-f]{40}([0-9a-f]{24})?$ && "$url" =~ ^https://[A-Za-z0-9.-]+(/[A-Za-z0-9._~-]+){2,}$ ]]; then
    echo "::error::not a source to fetch: ${system:0:60} ${source:0:20}"
    exit 1
  fi
  repository="$work/$system-$source"
  git init -q --bare "$repository"
  if ! git -C "$repository" -c core.hooksPath=/dev/null -c credential.helper= \
      fetch -q --depth 1 --no-tags --no-recurse-submodules "$url" "$revision"; then
    echo "::error::cannot fetch the reviewed commit $revision of $system $source from $url"
    exit 1
  fi
  args+=(--source "$system:$source=$repository")
done < "$work/sources.tsv"

if (( ${#args[@]} == 0 )); then
  echo "::notice::no source names a public https repository and a full commit: no quote was checked"
  exit 0
fi
"$tool" quotes --check "${args[@]}"
