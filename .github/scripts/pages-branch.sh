#!/usr/bin/env bash
# Put a built site on the Pages branch, or take a preview away, and push; when another
# workflow pushed first, start again from its commit. Only copies files: nothing from the
# site is ever run.
#
#   pages-branch.sh publish <site-folder> .                  the published site (keeps pr-preview/)
#   pages-branch.sh publish <site-folder> pr-preview/pr-<N>  a pull request's preview
#   pages-branch.sh remove pr-preview/pr-<N>
#
# Environment: GH_TOKEN (pushes with it, never written to disk), PAGES_BRANCH (gh-pages),
# PAGES_REMOTE (https://github.com/$GITHUB_REPOSITORY.git; a local path in tests),
# PAGES_RETRY_DELAY (seconds before the first retry; 5).
set -euo pipefail

die() { echo "pages-branch: $*" >&2; exit 1; }

action="${1:-}"
case "$action" in
  publish) [[ $# -eq 3 ]] || die "usage: pages-branch.sh publish <site-folder> <destination>"; site="$(cd "$2" && pwd)"; dest="$3" ;;
  remove) [[ $# -eq 2 ]] || die "usage: pages-branch.sh remove <destination>"; dest="$2" ;;
  *) die "usage: pages-branch.sh publish|remove ..." ;;
esac
[[ "$dest" == "." || "$dest" =~ ^pr-preview/pr-[1-9][0-9]{0,8}$ ]] || die "refusing destination '$dest'"
if [[ "$action" == remove && "$dest" == "." ]]; then die "the published site is replaced, never removed"; fi
if [[ "$action" == publish ]]; then
  [[ -f "$site/index.html" ]] || die "$site has no index.html: is it a built site?"
  [[ -z "$(find "$site" -type l -print -quit)" ]] || die "$site contains symbolic links; a built site has none"
  [[ "$dest" != "." || ! -e "$site/pr-preview" ]] || die "the site must not contain pr-preview/: that folder holds the previews"
fi

branch="${PAGES_BRANCH:-gh-pages}"
remote="${PAGES_REMOTE:-https://github.com/${GITHUB_REPOSITORY:?GITHUB_REPOSITORY is not set}.git}"
if [[ -n "${GH_TOKEN:-}" ]]; then
  # the token goes to git through the environment only, as actions/checkout's header does
  export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0="http.https://github.com/.extraheader"
  GIT_CONFIG_VALUE_0="AUTHORIZATION: basic $(printf 'x-access-token:%s' "$GH_TOKEN" | base64 -w0)"
  export GIT_CONFIG_VALUE_0
fi
message="${PAGES_MESSAGE:-$action $dest${GITHUB_SHA:+ from ${GITHUB_SHA}}}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

apply() {
  local pages="$1"
  if [[ "$action" == remove ]]; then
    rm -rf "${pages:?}/$dest"
  elif [[ "$dest" == "." ]]; then
    find "$pages" -mindepth 1 -maxdepth 1 ! -name .git ! -name pr-preview -exec rm -rf {} +
    cp -R "$site/." "$pages/"
  else
    rm -rf "${pages:?}/$dest"
    mkdir -p "$pages/$dest"
    cp -R "$site/." "$pages/$dest/"
  fi
  touch "$pages/.nojekyll"   # serve folders and files that start with "_" as they are
}

for attempt in 1 2 3 4 5; do
  rm -rf "$work/pages"
  if git ls-remote --exit-code --heads "$remote" "$branch" >/dev/null 2>&1; then
    git clone --quiet --depth 1 --branch "$branch" "$remote" "$work/pages"
  elif [[ "$action" == remove ]]; then
    echo "pages-branch: no $branch branch, so nothing to remove"
    exit 0
  else
    git init --quiet --initial-branch "$branch" "$work/pages"
    git -C "$work/pages" remote add origin "$remote"
  fi
  apply "$work/pages"
  git -C "$work/pages" add --all
  if git -C "$work/pages" diff --cached --quiet; then
    echo "pages-branch: $dest is already up to date"
    exit 0
  fi
  git -C "$work/pages" -c user.name="github-actions[bot]" \
    -c user.email="41898282+github-actions[bot]@users.noreply.github.com" commit --quiet -m "$message"
  if git -C "$work/pages" push --quiet origin "HEAD:refs/heads/$branch"; then
    echo "pages-branch: ${action}ed $dest on $branch"
    exit 0
  fi
  echo "pages-branch: push $attempt was refused (another deploy came first?); trying again" >&2
  sleep "$(awk -v n="$attempt" -v d="${PAGES_RETRY_DELAY:-5}" 'BEGIN { print n * d }')"
done
die "could not push to $branch after 5 attempts"
