#!/usr/bin/env bash
# Whether a pull request may be previewed on the site's own address: one from a fork may
# change report files (reports/…) only. Its report text is shown as text whatever it holds
# (SECURITY.md), but a changed template, page, plugin, stylesheet or workflow would be the
# fork's own code running for every reader of the published site's address.
#
#   preview-scope.sh <pull-request-number> <head-repository>
# Prints the files outside reports/ (renamed ones by both names) and exits 1 when there are
# any; exits 0 for a pull request from this repository itself, or one of reports only.
# Environment: GH_TOKEN (pull-requests: read), GITHUB_REPOSITORY.
set -euo pipefail

number="${1:?pull request number}"
head_repo="${2:?head repository}"
[[ "$number" =~ ^[1-9][0-9]{0,8}$ ]] || { echo "preview-scope: bad pull request number" >&2; exit 2; }
[[ "$head_repo" == "$GITHUB_REPOSITORY" ]] && exit 0

pull="repos/${GITHUB_REPOSITORY}/pulls/${number}"
changed="$(gh api "$pull" --jq '.changed_files')"
files="$(gh api --paginate "${pull}/files" --jq '.[] | .filename, (.previous_filename // empty)')"
listed="$(gh api --paginate "${pull}/files" --jq '.[] | .filename' | wc -l)"
if [[ "$listed" -ne "$changed" ]]; then  # the API lists at most 3,000 files
  echo "(the pull request changes ${changed} files; only ${listed} could be listed)"
  exit 1
fi
outside="$(grep -v -E '^reports/[^/]+/[^/]+$' <<< "$files" || true)"
if [[ -n "$outside" ]]; then
  echo "$outside"
  exit 1
fi
