"""``realms lint``: check scenario files and collections, for people and for CI.

Modelled on ruff: rule codes in families, ``--select``/``--ignore`` by prefix,
config in ``pyproject.toml``/``realms.toml``, text/JSON/SARIF/GitHub/GitLab/JUnit output and
exit status 0 (nothing reaches --fail-on), 1 (something does), 2 (usage or I/O
error, an unreadable folder, a worker process that died, a linter bug). Only
argparse is imported at module level: ``realms lint --help`` must
start fast and the lint path never imports Qt.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

TYPE_CHECKING = False  # typing costs a CLI start milliseconds; mypy reads the block
if TYPE_CHECKING:
    from contextlib import ExitStack
    from typing import Any

    from editor.lint.cache import ResultCache
    from editor.lint.config import LintConfig
    from editor.lint.findings import Finding

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_ERROR = 2
FORMATS = ("text", "json", "sarif", "github", "gitlab", "junit")
SEVERITIES = ("error", "warning", "info")


def _player_count(value: str) -> int:
    try:
        count = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a number") from None
    if not 2 <= count <= 6:
        raise argparse.ArgumentTypeError("player counts run from 2 to 6")
    return count


def _jobs(value: str) -> int:
    try:
        count = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a number") from None
    if count < 1:
        raise argparse.ArgumentTypeError("--jobs needs at least 1")
    return count


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "lint",
        help="check scenario files and folders (schema, geometry, balance, inventory, rules)",
        description=(
            "Lint *.realm.json scenario files (and *.engine.json engine files); folders are "
            "searched recursively. Rule codes come in families: S schema, G geometry, "
            "B balance, I inventory, R scenario rules. Settings come from [tool.realms.lint] "
            "in pyproject.toml or [lint] in realms.toml, found upward from each file. "
            "Exit status: 0 nothing reaches --fail-on, 1 something does, 2 usage or I/O error "
            "(also an unreadable folder or a lint worker that died)."
        ),
    )
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="files or folders to lint (default: the current folder)")
    parser.add_argument("--select", action="append", metavar="CODES", default=None,
                        help="comma-separated codes or prefixes to check (replaces the config's"
                             " select), e.g. S or G001,B")
    parser.add_argument("--ignore", action="append", metavar="CODES", default=None,
                        help="comma-separated codes or prefixes to skip (adds to the config's)")
    parser.add_argument("--players", type=_player_count, metavar="N",
                        help="lint for N players only (default: every count the scenario "
                             "supports)")
    parser.add_argument("--format", choices=FORMATS, default=None,
                        help="output format (default: text; github inside GitHub Actions)")
    parser.add_argument("--show-source", action="store_true",
                        help="in text output, show each finding's source line with a caret "
                             "under its column")
    parser.add_argument("--statistics", action="store_true",
                        help="print the number of findings per code instead of the findings")
    parser.add_argument("--fail-on", choices=SEVERITIES, default=None,
                        help="lowest severity that makes the exit status 1 (default: error)")
    parser.add_argument("--exit-zero", action="store_true",
                        help="exit 0 even when findings reach --fail-on (2 still reports "
                             "usage and I/O errors)")
    parser.add_argument("--jobs", type=_jobs, metavar="N",
                        help="lint N files at once in worker processes (default: the number "
                             "of CPUs when many files need linting, not answered from the "
                             "cache, and rules derive realms)")
    parser.add_argument("--no-cache", action="store_true",
                        help="lint every file again, neither reading nor writing the result "
                             "cache (in the user cache folder, never in the linted tree; "
                             "REALMS_NO_CACHE=1 does the same, REALMS_CACHE_DIR moves it)")
    parser.add_argument("--no-provenance", action="store_true",
                        help="in engine files, leave out the lint.ignore entries their "
                             "provenance carries (the summary counts the findings they hide)")
    parser.add_argument("--config", type=Path, metavar="PATH",
                        help="use this pyproject.toml or realms.toml instead of discovering one")
    parser.add_argument("--catalogue", type=Path, metavar="FILE",
                        help="lint against this tile catalogue instead of the standard A-Z "
                             "tiles: placements that no longer fit it become findings")
    parser.add_argument("--root", type=Path, metavar="DIR",
                        help="in SARIF, the repository root (%%SRCROOT%%) that file URIs are "
                             "relative to (default: the git top level of the current folder, "
                             "else the current folder)")
    parser.add_argument("--show-rules", action="store_true",
                        help="list every rule code with its severity and summary, then exit")
    parser.set_defaults(handler=run)


def _codes(values: list[str] | None) -> tuple[str, ...] | None:
    if values is None:
        return None
    return tuple(code.strip().upper() if code.strip().upper() != "ALL" else "ALL"
                 for value in values for code in value.split(",") if code.strip())


# This run's usage errors that stopped it before it printed anything: run() then prints
# them as the one document a machine format promises (editor.lint.output.empty_document).
_FAILURES: list[str] = []


def _fail(message: str) -> int:
    """A usage or I/O error (exit 2); the message may quote file names, so control
    characters in it are shown escaped (a newline could otherwise start a GitHub command)."""
    _FAILURES.append(message)
    _error(message)
    return EXIT_ERROR


def _error(message: str) -> None:
    from editor.escaping import display_text

    print(f"realms lint: error: {display_text(message)}", file=sys.stderr)


def _show_rules() -> int:
    from editor.lint.registry import all_rules

    for code, item in all_rules().items():
        print(f"{code}  {item.severity:<7}  {item.family:<14}  {item.summary}")
    return EXIT_CLEAN


def _cache(off: bool, paths: list[Path], catalogue_key: str = "") -> ResultCache | None:
    """The result cache for this run, if caching is on and its folder may be trusted
    (editor/lint/cache.py; ``--no-cache`` never imports it, nor hashlib); ``catalogue_key``
    names the ``--catalogue`` in every key."""
    if off:
        return None
    from editor.escaping import display_text
    from editor.lint.cache import (
        ResultCache,
        cache_dir_for,
        disabled,
        distrust,
        refusal,
        untrusted_note,
    )

    if disabled():
        return None
    folder = cache_dir_for()
    if folder is None:
        return None
    refused = refusal(folder, paths)
    if refused is None:
        why = distrust(folder)
        refused = untrusted_note(folder, why) if why is not None else None
    if refused is not None:
        print(f"realms lint: note: {display_text(refused)}", file=sys.stderr)
        return None
    return ResultCache(folder, catalogue_key)


def _rule_codes(cache: ResultCache | None) -> list[str]:
    """Every rule code: stored in the result cache by an earlier run of this same tool, so
    a warm run never imports the rules; otherwise from the registry (and then stored)."""
    codes = cache.rule_codes() if cache is not None else None
    if codes is None:
        from editor.lint.registry import all_rules

        codes = list(all_rules())
        if cache is not None:
            cache.remember_rule_codes(codes)
    return codes


def _configs_of(files: list[Path]) -> list[LintConfig]:
    """``config_for(f)`` for each file, found once per folder for plain files (not links,
    whose settings come from where they point): config_for resolves a plain file's folder
    and searches upward from it, the same as for the folder (~13 us a file otherwise)."""
    import os
    import stat

    from editor.lint.config import config_for

    by_folder: dict[str, LintConfig] = {}
    configs = []
    for path in files:
        try:
            plain = stat.S_ISREG(os.lstat(path).st_mode)
        except OSError:
            plain = False
        if not plain:
            configs.append(config_for(path))
            continue
        folder = os.path.dirname(path)
        config = by_folder.get(folder)
        if config is None:
            config = by_folder[folder] = config_for(Path(folder or "."))
        configs.append(config)
    return configs


def run(args: argparse.Namespace) -> int:
    if args.show_rules:
        return _show_rules()
    _FAILURES.clear()
    status = _run(args)
    if _FAILURES and not args.statistics:
        from editor.lint.output import default_format, empty_document

        sys.stdout.write(empty_document(args.format or default_format(), root=args.root,
                                        errors=[("", message) for message in _FAILURES]))
    return status


def _run(args: argparse.Namespace) -> int:
    args.catalogue_key = ""
    if args.catalogue is None:
        return _lint(args)
    from functools import cache

    from editor.escaping import display_text
    from editor.lint.run_settings import use_base_catalogue

    digest = _catalogue_digest(args.catalogue)
    # Cached results are keyed on the catalogue's bytes, so a warm run never loads the
    # tiles (nor shapely): they are loaded when a file is linted, from bytes of that very
    # hash, or checked now when the cache has not seen these bytes pass (_check_catalogue).
    args.catalogue_key = f"base-catalogue:{digest}" if digest is not None else ""
    use_base_catalogue(cache(lambda: _loaded_catalogue(args.catalogue, digest)))
    try:
        if digest is None:  # unreadable: loading it says why
            failure = _load_catalogue()
            if failure is not None:
                return failure
        print(f"realms lint: tiles from {display_text(str(args.catalogue))} instead of the "
              "standard catalogue", file=sys.stderr)
        return _lint(args)
    finally:
        use_base_catalogue(None)


def _loaded_catalogue(path: Path, digest: str | None) -> Any:
    """The catalogue at ``path``, refused if its bytes no longer have ``digest``."""
    import hashlib

    from editor.model.catalogue import load_catalogue
    from editor.model.errors import LoadError
    from editor.model.jsonio import read_limited_bytes

    raw = read_limited_bytes(path)
    if digest is not None and hashlib.sha256(raw).hexdigest() != digest:
        raise LoadError(str(path), "the file changed while realms lint was running",
                        hint="run realms lint again")
    return load_catalogue(path, raw=raw)


def _load_catalogue() -> int | None:
    """Load the base catalogue now; exit 2 (with why) if it is refused."""
    from editor.lint.run_settings import base_catalogue
    from editor.model.errors import LoadError

    try:
        base_catalogue()
    except LoadError as exc:
        return _fail(f"--catalogue {exc}")
    return None


def _check_catalogue(args: argparse.Namespace, cache: ResultCache | None) -> int | None:
    """The ``--catalogue`` file checked (exit 2 if refused) unless the cache has seen
    these very bytes pass an earlier run's check."""
    if args.catalogue is None or (cache is not None and cache.vouched(args.catalogue_key)):
        return None
    failure = _load_catalogue()
    if failure is None and cache is not None:
        cache.vouch(args.catalogue_key)
    return failure


def _catalogue_digest(path: Path) -> str | None:
    """sha256 of a catalogue file's bytes (read as lint reads it), or None if unreadable."""
    import hashlib

    from editor.model.errors import LoadError
    from editor.model.jsonio import read_limited_bytes

    try:
        return hashlib.sha256(read_limited_bytes(path)).hexdigest()
    except (LoadError, OSError, ValueError):
        return None


def _lint(args: argparse.Namespace) -> int:
    """Lint with the cyclic collector off while the modules load and the settings are read
    (~40 modules and the rule tables: collections walked them to find nearly no garbage);
    it is back on, if it was, before the files are linted (the runner then decides), with
    what was built frozen."""
    import gc
    from contextlib import ExitStack

    collecting = gc.isenabled()
    gc.disable()
    try:
        with ExitStack() as on_exit:
            return _lint_all(args, collecting, on_exit)
    finally:
        if collecting:
            gc.enable()


def _lint_all(args: argparse.Namespace, collecting: bool, on_exit: ExitStack) -> int:
    """The run; ``on_exit`` closes what it opens (the result cache: a process that lints
    again, as the API and the tests do, must not hold two connections to it)."""
    import gc

    from editor import heap
    from editor.lint import run_settings
    from editor.lint.config import (
        ConfigError,
        config_for,
        forget_settings,
        load_config,
    )
    from editor.lint.findings import INTERNAL, IO_ERROR, WORKER_DIED
    from editor.lint.output import (
        WHOLE_RUN_FORMATS,
        default_format,
        empty_document,
        github_error,
        hidden_note,
        json_items,
        render_all,
        report,
        statistics,
        summary,
    )
    from editor.lint.registry import SelectorError, check_selectors
    from editor.lint.runner import collect, lint_files
    from editor.lint.source import SourceCache
    from editor.model.jsonio import STDIN_HINT

    forget_settings()  # each run reads the settings afresh (main() is re-entrant)
    select, ignore = _codes(args.select), _codes(args.ignore) or ()
    if select == ():  # --select '' (an empty CI variable): every rule off, every file passes
        return _fail("--select names no rule, so lint would pass every file; name codes or "
                     "prefixes (--select G,R), or ALL")
    typed: list[str] = args.paths or ["."]  # strings: Path() drops a trailing slash
    paths = [Path(text) for text in typed]
    honour = not getattr(args, "no_provenance", False)
    run_settings.honour_provenance(honour)
    run_settings.count_hidden(True)
    cache = _cache(args.no_cache or (args.catalogue is not None and not args.catalogue_key),
                   paths, args.catalogue_key + ("" if honour else "|no-provenance"))
    if cache is not None:
        on_exit.callback(cache.close)
    failure = _check_catalogue(args, cache)
    if failure is not None:
        return failure
    known = _rule_codes(cache)
    try:
        check_selectors((*(select or ()), *ignore), known)
    except SelectorError as exc:
        return _fail(str(exc))
    files, missing, walk_errors = collect(paths)
    # A path that does not exist is reported and the others are still linted (exit 2).
    as_typed = dict(zip(paths, typed, strict=True))  # "scenario/" echoed as typed
    lost = [(shown, f"{shown}: no such file or folder" if shown != "-" else
             f"-: no such file or folder: realms lint reads files, not standard input; "
             f"{STDIN_HINT}")
            for shown in (as_typed.get(path, str(path)) for path in missing)]
    for _, message in lost:
        _error(message)
    if not files and not walk_errors:
        if not lost:
            print("realms lint: warning: no *.realm.json or *.engine.json files found",
                  file=sys.stderr)
        if not args.statistics:
            sys.stdout.write(empty_document(args.format or default_format(), root=args.root,
                                            errors=lost))
        return EXIT_ERROR if lost else EXIT_CLEAN

    base: LintConfig | None = None
    try:
        if args.config is not None:
            if not args.config.is_file():
                return _fail(f"{args.config}: config file not found")
            base = load_config(args.config, named=True)
        configs = [base] if base is not None else _configs_of(files)
        distinct = list({id(c): c for c in configs}.values())
        for config in distinct:
            for key, selectors in (("select", config.select), ("ignore", config.ignore)):
                try:
                    check_selectors(selectors, known)
                except SelectorError as exc:  # say which file and which key
                    raise SelectorError(f"{config.source}: {key}: {exc}") from None
        lead = base if base is not None else config_for(paths[0])
    except (ConfigError, SelectorError) as exc:
        return _fail(str(exc))
    fail_on = args.fail_on or lead.fail_on
    fmt = args.format or default_format()
    overrides = (select, ignore)
    jobs = args.jobs  # None: the runner decides from the files the cache does not answer

    findings = list(walk_errors)
    hidden = 0  # findings engine files' provenance hid (run_settings.HIDDEN)
    # Every finding is kept only where the end of the run needs them all (statistics, the
    # text summary, SARIF); for JSON and GitHub output, rendered file by file, only what the
    # exit status needs: otherwise each young collection of the run walked every finding so
    # far once (about a third of the objects it walked, ~4 ms per 1,000 bench files).
    keep = args.statistics or fmt in ("text", *WHOLE_RUN_FORMATS)

    def broken_in(found: list[Finding]) -> bool:  # a file was not linted: exit 2
        return any(f.code in (IO_ERROR, INTERNAL, WORKER_DIED) for f in found)

    def failing_in(found: list[Finding]) -> bool:
        return any(f.at_least(fail_on) for f in found)

    broken, failing = bool(lost) or broken_in(walk_errors), failing_in(walk_errors)
    streaming = fmt in ("text", "github") and not args.statistics
    sources = SourceCache() if args.show_source and fmt == "text" else None
    if streaming and fmt == "github":
        sys.stdout.write("".join(github_error(message) + "\n" for _, message in lost))
    if streaming and walk_errors:
        sys.stdout.write(render_all(walk_errors, fmt, sources))
    # JSON is rendered file by file as results arrive, while workers still lint, not all
    # at the end, when it was serial time (about 0.05 s per 1,000 bench files); the parts
    # join into exactly what render_all prints for the whole list.
    json_parts: list[str] | None = [] if fmt == "json" and not args.statistics else None
    if json_parts is not None and walk_errors:
        json_parts.append(json_items(walk_errors))
    # One config for every file (the usual case) is handed over, so the runner does not
    # look it up again per file; it is the very object config_for() returns for each.
    shared = distinct[0] if len(distinct) == 1 else None  # with --config: ``base``
    # What the setup built lives as long as the run: frozen before the collector is back
    # on, no collection walks it (the first one would have walked all of it, ~1.5 ms).
    heap.freeze()
    try:
        if collecting:
            gc.enable()
        for result in lint_files(files, shared, args.players, jobs, progress=True,
                                 overrides=overrides, cache=cache):
            if result and result[-1].code == run_settings.HIDDEN:  # a count, not a finding
                hidden += int(result[-1].message)
                result = result[:-1]
            if keep:
                findings.extend(result)
            broken = broken or broken_in(result)
            failing = failing or failing_in(result)
            if streaming and result:
                sys.stdout.write(render_all(result, fmt, sources))
                sys.stdout.flush()
            elif json_parts is not None and result:
                json_parts.append(json_items(result))
    finally:
        heap.unfreeze()
    if args.statistics:
        if findings:
            print(statistics(findings))
    elif json_parts is not None:
        # (written in three parts: the joined whole, ~4 MB for 1,000 bench files, is not
        # copied again to add the brackets)
        if json_parts:
            sys.stdout.write("[\n")
            sys.stdout.write(",\n".join(json_parts))
            sys.stdout.write("\n]\n")
        else:
            sys.stdout.write("[]\n")
    elif not streaming:  # SARIF, GitLab, JUnit: one document of the whole run
        sys.stdout.write(report(findings, fmt, root=args.root, errors=lost,
                                successful=not broken, files=[str(f) for f in files]))
    if fmt == "text":
        print(summary(findings, len(files), len(lost), hidden),
              file=sys.stderr if args.statistics else sys.stdout)
    elif hidden:
        print(f"realms lint: {hidden_note(hidden)}", file=sys.stderr)

    if broken:
        return EXIT_ERROR
    if args.exit_zero:
        return EXIT_CLEAN
    return EXIT_FINDINGS if failing else EXIT_CLEAN
