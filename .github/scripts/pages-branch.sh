#!/usr/bin/env bash
# Put a built site on the Pages branch, or take a preview away, and push; when another
# workflow pushed first, start again from its commit. Only copies files: nothing from the
# site is ever run.
#
#   pages-branch.sh publish <site-folder> .                  the published site (keeps pr-preview/)
#   pages-branch.sh publish <site-folder> pr-preview/pr-<N>  a pull request's preview
#   pages-branch.sh remove pr-preview/pr-<N>
#   pages-branch.sh sweep <open-pull-requests-file>          remove the previews of every pull
#                                                            request not listed (one number a line)
#
# Environment: GH_TOKEN (pushes with it, never written to disk), PAGES_BRANCH (gh-pages),
# PAGES_REMOTE (https://github.com/$GITHUB_REPOSITORY.git; a local path in tests),
# PAGES_RETRY_DELAY (seconds before the first retry; 5), PREVIEW_MAX_MIB (the largest
# preview it publishes, in MiB; 100: whatever is pushed stays in the branch's history).
set -euo pipefail

die() { echo "pages-branch: $*" >&2; exit 1; }

action="${1:-}"
case "$action" in
  publish) [[ $# -eq 3 ]] || die "usage: pages-branch.sh publish <site-folder> <destination>"; site="$(cd "$2" && pwd)"; dest="$3" ;;
  remove) [[ $# -eq 2 ]] || die "usage: pages-branch.sh remove <destination>"; dest="$2" ;;
  sweep) [[ $# -eq 2 ]] || die "usage: pages-branch.sh sweep <open-pull-requests-file>"; dest="pr-preview" ;;
  *) die "usage: pages-branch.sh publish|remove|sweep ..." ;;
esac
if [[ "$action" == sweep ]]; then
  open=" "
  while IFS= read -r number || [[ -n "$number" ]]; do
    [[ -z "$number" ]] && continue
    [[ "$number" =~ ^[1-9][0-9]{0,8}$ ]] || die "'$number' in $2 is not a pull request number"
    open+="$number "
  done < "$2"
else
  [[ "$dest" == "." || "$dest" =~ ^pr-preview/pr-[1-9][0-9]{0,8}$ ]] || die "refusing destination '$dest'"
fi
if [[ "$action" == remove && "$dest" == "." ]]; then die "the published site is replaced, never removed"; fi
if [[ "$action" == publish ]]; then
  [[ -f "$site/index.html" ]] || die "$site has no index.html: is it a built site?"
  [[ -z "$(find "$site" -type l -print -quit)" ]] || die "$site contains symbolic links; a built site has none"
  [[ "$dest" != "." || ! -e "$site/pr-preview" ]] || die "the site must not contain pr-preview/: that folder holds the previews"
  if [[ "$dest" != "." ]]; then
    cap="${PREVIEW_MAX_MIB:-100}"
    [[ "$cap" =~ ^[1-9][0-9]{0,5}$ ]] || die "PREVIEW_MAX_MIB is '$cap', not a number of MiB"
    size="$(du -sb "$site" | cut -f1)"
    (( size <= cap * 1024 * 1024 )) || die "the preview is $(( size / 1024 / 1024 )) MiB, over the cap of $cap MiB (PREVIEW_MAX_MIB)"
  fi
fi

branch="${PAGES_BRANCH:-gh-pages}"
remote="${PAGES_REMOTE:-https://github.com/${GITHUB_REPOSITORY:?GITHUB_REPOSITORY is not set}.git}"
if [[ -n "${GH_TOKEN:-}" ]]; then
  # the token goes to git through the environment only, as actions/checkout's header does
  export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0="http.https://github.com/.extraheader"
  GIT_CONFIG_VALUE_0="AUTHORIZATION: basic $(printf 'x-access-token:%s' "$GH_TOKEN" | base64 -w0)"
  export GIT_CONFIG_VALUE_0
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

apply() {
  local pages="$1" folder number
  if [[ "$action" == sweep ]]; then
    swept=()
    for folder in "$pages"/pr-preview/pr-*; do
      [[ -d "$folder" ]] || continue
      number="${folder##*/pr-}"
      if [[ "$open" != *" $number "* ]]; then
        rm -rf "$folder"
        swept+=("pr-$number")
      fi
    done
  elif [[ "$action" == remove ]]; then
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
  elif [[ "$action" != publish ]]; then
    echo "pages-branch: no $branch branch, so nothing to remove"
    exit 0
  else
    git init --quiet --initial-branch "$branch" "$work/pages"
    git -C "$work/pages" remote add origin "$remote"
  fi
  apply "$work/pages"
  message="${PAGES_MESSAGE:-$action $dest${GITHUB_SHA:+ from ${GITHUB_SHA}}}"
  if [[ "$action" == sweep ]]; then message="${PAGES_MESSAGE:-remove the previews of closed pull requests: ${swept[*]:-none}}"; fi
  git -C "$work/pages" add --all
  if git -C "$work/pages" diff --cached --quiet; then
    echo "pages-branch: $dest is already up to date"
    exit 0
  fi
  git -C "$work/pages" -c user.name="github-actions[bot]" \
    -c user.email="41898282+github-actions[bot]@users.noreply.github.com" commit --quiet -m "$message"
  if git -C "$work/pages" push --quiet origin "HEAD:refs/heads/$branch"; then
    if [[ "$action" == sweep ]]; then echo "pages-branch: removed ${swept[*]} on $branch"; else echo "pages-branch: ${action}ed $dest on $branch"; fi
    exit 0
  fi
  echo "pages-branch: push $attempt was refused (another deploy came first?); trying again" >&2
  sleep "$(awk -v n="$attempt" -v d="${PAGES_RETRY_DELAY:-5}" 'BEGIN { print n * d }')"
done
die "could not push to $branch after 5 attempts"
