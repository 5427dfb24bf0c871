#!/usr/bin/env bash
# Print the GitHub Pages address of this repository, ending in "/":
# https://<owner>.github.io/<repo>/, or https://<owner>.github.io/ for a <owner>.github.io
# repository. PAGES_URL (a repository variable, for a custom domain) wins when set.
set -euo pipefail

if [[ -n "${PAGES_URL:-}" ]]; then
  printf '%s/\n' "${PAGES_URL%/}"
  exit 0
fi
owner="${GITHUB_REPOSITORY_OWNER,,}"   # Pages host names are lower case
repo="${GITHUB_REPOSITORY#*/}"
if [[ "${repo,,}" == "${owner}.github.io" ]]; then
  printf 'https://%s.github.io/\n' "$owner"
else
  printf 'https://%s.github.io/%s/\n' "$owner" "$repo"
fi
