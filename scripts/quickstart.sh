#!/usr/bin/env bash
# Realms Studio bootstrap: one command from a fresh Debian 12 checkout to tests / the editor.
#
#   bash scripts/quickstart.sh test [pytest args...]   install, then run the test suite offscreen,
#                                                       in parallel (pytest-xdist, one worker per CPU)
#   bash scripts/quickstart.sh edit [FILE] [args...]   install, then `realms edit FILE`
#   bash scripts/quickstart.sh install                 only the install steps
#
# Install steps (idempotent; a second run with nothing changed takes a second or two):
#   1. .venv/ in the repo root (python3 -m venv), created if missing or broken;
#   2. pip install -e '.[gui,test]' into it (Qt is the optional `gui` extra), skipped while
#      .venv/.quickstart-stamp holds the hash of pyproject.toml (+ repo path + Python
#      version) from the last good install;
#   3. the Debian packages in scripts/qt-debian-packages.txt (the ONE list of Qt's system
#      libraries) and, for `test`, scripts/test-debian-packages.txt (Xvfb, chromium and
#      chromedriver for the tests), installed with apt-get when missing and we are root,
#      else the exact `sudo apt-get install ...` line is printed and we exit 1; then a smoke
#      test that QApplication starts with QT_QPA_PLATFORM=offscreen;
#   4. for `test` only: `npm ci` in each folder of NPM_FOLDERS (tests/site/a11y: axe-core for
#      the site's accessibility test; tests/schema/vscode-json: VS Code's JSON language service
#      for the schema test; editors/vscode: the VS Code extension's build), each skipped while
#      its node_modules/.realms-stamp holds the hash of its package-lock.json.
#   5. for `test` only, when the real engines' folder exists (../shared/engines beside the
#      repo root, as on CI): the `play` and `cestpasphoto` extras join step 2's install, and
#      smawg is pip-installed from a writable copy of ../shared/engines/smawg (the folder is
#      read-only and pip builds in place), skipped while .venv/.engines-stamp holds the hash
#      of its files. cestpasphoto is not a package: tests/real_engines.py copies it per map.
#
# Environment knobs:
#   PYTHON=/path/to/python3.11      interpreter used to create .venv (default: python3)
#   REALMS_SKIP_SYSTEM_DEPS=1       skip step 3's package check/install (non-Debian hosts);
#                                   the offscreen smoke test still runs
#   REALMS_FORCE_INSTALL=1          ignore the stamp and re-run pip install
#   REALMS_TEST_WORKERS=N           pytest-xdist workers for `test` (default: auto, one per CPU;
#                                   0 runs the tests in this process)
#   PYTHONDONTWRITEBYTECODE         ignored by `test`: bytecode caches (__pycache__/, ignored by
#                                   git) save every worker and subprocess re-compiling
#   REALMS_ENGINES_DIR=DIR          where the real engines are (default: ../shared/engines from
#                                   the repo root); tests/real_engines.py reads the same knob
set -euo pipefail

ORIG_PWD="$PWD"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

VENV="$ROOT/.venv"
VPY="$VENV/bin/python"
STAMP="$VENV/.quickstart-stamp"
ENGINES_STAMP="$VENV/.engines-stamp"
ENGINES_DIR="${REALMS_ENGINES_DIR:-$ROOT/../shared/engines}"
EXTRAS="gui,test"  # `test` adds play,cestpasphoto when ENGINES_DIR exists
PKG_LIST="$ROOT/scripts/qt-debian-packages.txt"
TEST_PKG_LIST="$ROOT/scripts/test-debian-packages.txt"
PKG_LISTS=("$PKG_LIST")  # `test` adds TEST_PKG_LIST
PYTHON="${PYTHON:-python3}"
DEFAULT_SCENARIO="scenarios/highland-crossing.realm.json"

log() { printf '[quickstart] %s\n' "$*" >&2; }
die() { printf '[quickstart] ERROR: %s\n' "$*" >&2; exit 1; }

usage() {
    cat >&2 <<EOF
usage: bash scripts/quickstart.sh test [pytest args...]
       bash scripts/quickstart.sh edit [FILE] [extra realms args...]   (FILE default: $DEFAULT_SCENARIO)
       bash scripts/quickstart.sh install
EOF
}

# ---------------------------------------------------------------------------------------------
# 1. virtual environment
# ---------------------------------------------------------------------------------------------
ensure_venv() {
    if [[ -x "$VPY" ]] && "$VPY" -c 'import sys; assert sys.version_info >= (3, 11)' 2>/dev/null; then
        return 0
    fi
    if [[ -e "$VENV/bin" ]]; then
        log ".venv exists but its python is missing, broken or older than 3.11: recreating it"
        rm -rf "$VENV"
    fi
    command -v "$PYTHON" >/dev/null 2>&1 || die "'$PYTHON' not found; install Python 3.11 (or set PYTHON=...)"
    "$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' \
        || die "$PYTHON is $("$PYTHON" -V 2>&1); Realms Studio needs Python >= 3.11 (set PYTHON=...)"
    log "creating .venv with $("$PYTHON" -V 2>&1)"
    "$PYTHON" -m venv "$VENV" \
        || die "python -m venv failed (on Debian's own python3: apt-get install python3-venv)"
}

# ---------------------------------------------------------------------------------------------
# 2. pip install -e '.[gui,test]' (skipped when the stamp matches)
# ---------------------------------------------------------------------------------------------
install_hash() {
    {
        cat "$ROOT/pyproject.toml"
        printf '\nextras=%s\n' "$EXTRAS"
        printf '\nroot=%s\n' "$ROOT"  # a moved/copied tree needs its editable install redone
        "$VPY" -c 'import sys; print(sys.version)'
    } | sha256sum | cut -d' ' -f1
}

ensure_python_deps() {
    local want
    want="$(install_hash)"
    if [[ "${REALMS_FORCE_INSTALL:-0}" != 1 && -f "$STAMP" && "$(cat "$STAMP")" == "$want" \
          && -x "$VENV/bin/realms" ]]; then
        log "python deps up to date (pyproject.toml unchanged)"
        return 0
    fi
    rm -f "$STAMP"
    log "pip install -e '.[$EXTRAS]' into .venv (first time: a minute or two)"
    # Call pip through the venv's python, never .venv/bin/pip: its shebang is stale if the
    # tree was copied. --quiet hides progress; errors and warnings still go to stderr.
    # --no-compile: byte-compiling every installed module (mypy, numpy, PySide6's helpers,
    # ...) was about a third of the install's CPU; Python compiles what is imported, once.
    "$VPY" -m pip install --quiet --no-compile --disable-pip-version-check -e ".[$EXTRAS]" \
        || die "pip install -e '.[$EXTRAS]' failed (see pip's messages above)"
    printf '%s\n' "$want" >"$STAMP"
}

# ---------------------------------------------------------------------------------------------
# 3. Debian packages Qt (and the tests) need + offscreen smoke test
# ---------------------------------------------------------------------------------------------
read_pkg_list() {
    local list
    for list in "${PKG_LISTS[@]}"; do
        [[ -f "$list" ]] || die "missing $list"
        sed -e 's/#.*//' -e 's/[[:space:]]//g' "$list" | grep -v '^$' || true
    done
}

missing_debian_pkgs() {
    local pkg status
    while IFS= read -r pkg; do
        # nodejs from NodeSource bundles npm and conflicts with Debian's npm package: a
        # working npm command is what the list asks for.
        if [[ "$pkg" == npm ]] && command -v npm >/dev/null 2>&1; then
            continue
        fi
        status="$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)"
        [[ "$status" == "install ok installed" ]] || printf '%s\n' "$pkg"
    done < <(read_pkg_list)
}

qt_smoke_test() {
    QT_QPA_PLATFORM=offscreen "$VPY" -c \
        'from PySide6.QtWidgets import QApplication; app = QApplication([]); app.quit()' 2>&1
}

ensure_qt_system_libs() {
    local -a missing=()
    if [[ "${REALMS_SKIP_SYSTEM_DEPS:-0}" == 1 ]]; then
        log "REALMS_SKIP_SYSTEM_DEPS=1: not checking Debian packages"
    elif ! command -v dpkg-query >/dev/null 2>&1; then
        log "no dpkg-query (not Debian?): not checking system packages; see ${PKG_LISTS[*]}"
    else
        mapfile -t missing < <(missing_debian_pkgs)
    fi

    if ((${#missing[@]})); then
        if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
            log "installing Debian packages: ${missing[*]}"
            apt-get update -qq || die "apt-get update failed"
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
                -o DPkg::Lock::Timeout=300 "${missing[@]}" >/dev/null \
                || die "apt-get install ${missing[*]} failed"
        else
            log "these Debian packages are needed and not installed: ${missing[*]}"
            log "install them with:"
            printf '\n    sudo apt-get update && sudo apt-get install -y --no-install-recommends %s\n\n' \
                "${missing[*]}" >&2
            die "missing system packages (not root, so not installing them myself)"
        fi
    fi

    local out
    if ! out="$(qt_smoke_test)"; then
        printf '%s\n' "$out" >&2
        die "Qt cannot start offscreen (QApplication failed above). Check the packages in $PKG_LIST"
    fi
}

# ---------------------------------------------------------------------------------------------
# 4. (test only) the tests' npm packages: `npm ci` in each folder of NPM_FOLDERS
# ---------------------------------------------------------------------------------------------
# folder (relative to the root) | a file its install leaves | what it is for
NPM_FOLDERS=(
    "tests/site/a11y|node_modules/axe-core/axe.min.js|axe-core, for the site's accessibility test"
    "tests/schema/vscode-json|node_modules/vscode-json-languageservice/package.json|VS Code's JSON language service, for the schema test"
    "editors/vscode|node_modules/@vscode/vsce/package.json|the VS Code extension's build: TypeScript, vscode-languageclient, @vscode/vsce"
)

ensure_npm_folder() {
    local folder="$ROOT/$1" marker="$2" what="$3" want
    local stamp="$folder/node_modules/.realms-stamp"
    [[ -f "$folder/package-lock.json" ]] || die "missing $1/package-lock.json"
    want="$(sha256sum "$folder/package-lock.json" | cut -d' ' -f1)"
    if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" && -f "$folder/$marker" ]]; then
        log "npm packages in $1 up to date (its package-lock.json unchanged)"
        return 0
    fi
    command -v npm >/dev/null 2>&1 \
        || die "npm not found: $what needs packages from npm (apt-get install nodejs npm)"
    log "npm ci in $1 ($what)"
    # --ignore-scripts: none of these packages needs an install script, and none is run.
    (cd "$folder" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error) \
        || die "npm ci in $1 failed (see npm's messages above; is the npm registry reachable?)"
    printf '%s\n' "$want" >"$stamp"
}

ensure_npm_packages() {
    local entry folder marker what
    for entry in "${NPM_FOLDERS[@]}"; do
        IFS='|' read -r folder marker what <<<"$entry"
        ensure_npm_folder "$folder" "$marker" "$what"
    done
}

# ---------------------------------------------------------------------------------------------
# 5. (test only) the real engines from ENGINES_DIR: smawg pip-installed from a writable copy
# ---------------------------------------------------------------------------------------------
engines_hash() {
    (cd "$ENGINES_DIR/smawg" && find . -type f ! -path '*/__pycache__/*' -print0 | sort -z \
        | xargs -0 sha256sum; "$VPY" -c 'import sys; print(sys.version)') | sha256sum | cut -d' ' -f1
}

ensure_engines() {
    local want tmp
    [[ -d "$ENGINES_DIR/smawg" ]] || die "$ENGINES_DIR has no smawg/ (see its README.md)"
    want="$(engines_hash)"
    if [[ -f "$ENGINES_STAMP" && "$(cat "$ENGINES_STAMP")" == "$want" ]] \
          && "$VPY" -c 'import smawg' 2>/dev/null; then
        log "smawg up to date (from $ENGINES_DIR/smawg)"
        return 0
    fi
    rm -f "$ENGINES_STAMP"
    tmp="$(mktemp -d)"
    # pip builds a local folder in place, and ENGINES_DIR may be read-only: build a copy.
    # --no-deps: its dependencies came with the `play` extra; --no-build-isolation: setuptools
    # and wheel are in the `test` extra, so nothing is fetched to build it.
    cp -r "$ENGINES_DIR/smawg" "$tmp/smawg" && chmod -R u+w "$tmp/smawg"
    log "pip install smawg from a copy of $ENGINES_DIR/smawg"
    if ! "$VPY" -m pip install --quiet --no-compile --disable-pip-version-check --no-deps \
            --no-build-isolation "$tmp/smawg"; then
        rm -rf "$tmp"
        die "pip install of $ENGINES_DIR/smawg failed (see pip's messages above)"
    fi
    rm -rf "$tmp"
    printf '%s\n' "$want" >"$ENGINES_STAMP"
}

# ---------------------------------------------------------------------------------------------
do_install() {
    # Serialise concurrent runs in this tree (shared working tree, parallel test runs).
    mkdir -p "$VENV"
    if command -v flock >/dev/null 2>&1; then
        exec 9>"$VENV/.quickstart.lock"
        flock 9
    fi
    ensure_venv
    ensure_python_deps
    ensure_qt_system_libs
    if command -v flock >/dev/null 2>&1; then
        flock -u 9
        exec 9>&-
    fi
}

cmd="${1:-}"
case "$cmd" in
    install)
        shift
        do_install
        log "install OK: .venv ready ($("$VPY" -V 2>&1))"
        log "run it as $VENV/bin/realms, or 'source .venv/bin/activate' to put realms on PATH"
        ;;
    test)
        shift
        PKG_LISTS+=("$TEST_PKG_LIST")
        if [[ -d "$ENGINES_DIR" ]]; then
            EXTRAS="gui,test,play,cestpasphoto"
        else
            log "no real engines at $ENGINES_DIR: their tests skip (and fail when CI is set)"
        fi
        do_install
        if [[ -d "$ENGINES_DIR" ]]; then
            ensure_engines
        fi
        ensure_npm_packages
        # loadgroup: tests go to the workers one by one (balanced), except the files listed
        # in tests/conftest.py's WHOLE_FILE (the wheel build, the hook repo, module
        # fixtures), each of which stays on one worker so its fixture is built once.
        xdist=(-n "${REALMS_TEST_WORKERS:-auto}" --dist loadgroup)
        # Bytecode caches are written even if the caller's shell sets PYTHONDONTWRITEBYTECODE
        # (into __pycache__/, which git ignores): otherwise every xdist worker re-compiles
        # every test module, and every `python -m editor` the tests start our own modules.
        unset PYTHONDONTWRITEBYTECODE
        log "running: QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest ${xdist[*]} $*"
        rc=0
        QT_QPA_PLATFORM=offscreen "$VPY" -m pytest "${xdist[@]}" "$@" || rc=$?
        if ((rc == 5)); then
            log "pytest collected no tests (exit 5): treating that as a failure"
            exit 1
        fi
        exit "$rc"
        ;;
    edit)
        shift
        file="${1:-$DEFAULT_SCENARIO}"
        (($#)) && shift
        # A path given relative to where the user stood still works after the cd to the root.
        if [[ "$file" != /* && -e "$ORIG_PWD/$file" ]]; then
            file="$ORIG_PWD/$file"
        fi
        do_install
        if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
            export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
            log "no display (DISPLAY and WAYLAND_DISPLAY unset): running with QT_QPA_PLATFORM=$QT_QPA_PLATFORM"
        fi
        exec "$VENV/bin/realms" edit "$file" "$@"
        ;;
    -h | --help | help)
        usage
        ;;
    *)
        usage
        exit 2
        ;;
esac
