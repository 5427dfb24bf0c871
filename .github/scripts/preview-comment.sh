#!/usr/bin/env bash
# Write or update the one preview comment of a pull request (found by a hidden marker and
# by its author, the Actions bot), so that each new preview edits it instead of adding one.
#
#   preview-comment.sh <pull-request-number> <markdown-body> [--edit-only]
# --edit-only: change the comment if there is one, never add one (a closed pull request
# that never had a preview gets no comment).
# Environment: GH_TOKEN (pull-requests: write), GITHUB_REPOSITORY.
set -euo pipefail

number="${1:?pull request number}"
body="${2:?comment body}"
edit_only="${3:-}"
[[ "$number" =~ ^[1-9][0-9]{0,8}$ ]] || { echo "preview-comment: bad pull request number" >&2; exit 1; }
marker="<!-- mkdocs-reports-preview -->"
comments="repos/${GITHUB_REPOSITORY}/issues/${number}/comments"
existing="$(gh api --paginate "$comments" \
  --jq ".[] | select(.user.login == \"github-actions[bot]\" and (.body | contains(\"$marker\"))) | .id" | head -n 1)"
if [[ -n "$existing" ]]; then
  gh api --method PATCH "repos/${GITHUB_REPOSITORY}/issues/comments/${existing}" -f body="$marker"$'\n'"$body" >/dev/null
elif [[ "$edit_only" != "--edit-only" ]]; then
  gh api --method POST "$comments" -f body="$marker"$'\n'"$body" >/dev/null
fi
