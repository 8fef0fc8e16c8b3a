#!/usr/bin/env bash
# Make a release of Realms Studio: pin its tag in every snippet, build, check, tag.
#
#   scripts/release.sh VERSION [--dry-run]
#
# On a clean main whose editor/__init__.py says VERSION, and with no tag vVERSION yet:
#   1. pins vVERSION in the README's, action.yml's and .pre-commit-hooks.yaml's snippets
#      (scripts/snippet_pins.py) and commits that, so the tagged tree names itself;
#   2. builds the sdist and the wheel into dist/ (python -m build);
#   3. checks them: the wheel installs into a fresh venv, `realms --version` says VERSION,
#      the shipped scenarios lint clean, the sdist holds LICENSE and no tests/;
#   4. makes the annotated tag vVERSION.
# It pushes nothing: it prints the push that publishes the release. --dry-run pins, builds
# and checks in a throwaway copy of HEAD, and commits and tags nothing.
# PYTHON (default .venv/bin/python, else python3; it needs build and pip >= 22.3, for
# `pip --python`) runs the build and installs the check; BUILD_ARGS are passed to
# `python -m build` (e.g. --no-isolation when the build backend is installed).
set -euo pipefail

die() { echo "release: $*" >&2; exit 2; }

[[ $# -ge 1 && $# -le 2 ]] || die "usage: scripts/release.sh VERSION [--dry-run]"
version=$1
dry_run=false
if [[ $# -eq 2 ]]; then
    [[ $2 == --dry-run ]] || die "unknown option $2 (only --dry-run)"
    dry_run=true
fi
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "VERSION must look like 1.2.3, not '$version'"
tag="v$version"

cd "$(dirname "$0")/.."
python=${PYTHON:-}
if [[ -z $python ]]; then
    if [[ -x .venv/bin/python ]]; then python=.venv/bin/python; else python=python3; fi
fi

[[ -z $(git status --porcelain) ]] || die "the working tree has changes: commit them first"
branch=$(git rev-parse --abbrev-ref HEAD)
[[ $branch == main ]] || die "releases are made from main, not '$branch'"
written=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' editor/__init__.py)
[[ $written == "$version" ]] || die "editor/__init__.py says $written, not $version: set it first"
if git rev-parse -q --verify "refs/tags/$tag" >/dev/null; then die "the tag $tag exists"; fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! $dry_run; then
    echo "release: pinning $tag in the snippets"
    "$python" scripts/snippet_pins.py "$tag" >/dev/null
    git add README.md action.yml .pre-commit-hooks.yaml docs/lsp.md
    git commit -q -m "Release $tag: the snippets pin $tag"
fi
# The build reads the committed tree only (no stray files of the checkout); a dry run pins
# the tag in this copy and leaves the checkout and its history as they are.
tree=$work/tree
mkdir "$tree"
git archive HEAD | tar -x -C "$tree"
if $dry_run; then
    "$python" "$tree/scripts/snippet_pins.py" "$tag" >/dev/null
    dist=$work/dist
else
    dist=$PWD/dist
fi

echo "release: building the sdist and the wheel into $dist"
rm -rf "$dist"
# shellcheck disable=SC2086  # BUILD_ARGS is a list of options
"$python" -m build ${BUILD_ARGS:-} --outdir "$dist" "$tree" >"$work/build.log" 2>&1 \
    || { cat "$work/build.log" >&2; die "the build failed"; }
sdist=$(ls "$dist"/*.tar.gz)
wheel=$(ls "$dist"/*.whl)

echo "release: checking $(basename "$sdist") and $(basename "$wheel")"
tar tzf "$sdist" >"$work/sdist.txt"  # (not piped into grep -q: pipefail and SIGPIPE)
grep -q "^[^/]*/LICENSE$" "$work/sdist.txt" || die "the sdist has no LICENSE"
if grep -q "^[^/]*/tests/" "$work/sdist.txt"; then die "the sdist ships tests/"; fi
# The check venv gets no pip of its own (ensurepip was a third of the check's CPU): the
# build's pip installs into it, resolving the wheel's dependencies as a user's pip would.
"$python" -m venv --without-pip "$work/venv"
"$python" -m pip --python "$work/venv/bin/python" install --quiet --disable-pip-version-check \
    "$wheel" \
    || die "the wheel does not install"
said=$("$work/venv/bin/realms" --version)
[[ $said == "realms-studio $version" ]] || die "the installed wheel says '$said'"
(cd "$work" && "$work/venv/bin/realms" lint --no-cache "$tree/scenarios/booklet" \
    >"$work/lint.log") || { cat "$work/lint.log" >&2; die "the shipped scenarios do not lint clean"; }

if $dry_run; then
    echo "release: dry run: $tag would be tagged; nothing was committed or tagged"
    exit 0
fi
git tag -a "$tag" -m "Realms Studio $version"
echo "release: tagged $tag; publish it with: git push origin main $tag"
