"""``realms site PATHS… -o DIR``: a static gallery of a scenario collection (docs/site.md)."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from pathlib import Path
from typing import Any

from editor.cli.common import EXIT_ERROR, EXIT_OK, report
from editor.cli.main import Terminated
from editor.escaping import ci_path

IMAGE_CHOICES = ("png", "pdf")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "site", help="build a static website of a scenario collection",
        description="Write a static site (plain HTML, CSS and a little JavaScript; works from "
                    "file:// and GitHub Pages) with an index card per scenario and a page per "
                    "scenario: its board for each player count, region details, lint findings, "
                    "rules and downloads. Only scenarios whose file changed are rebuilt.")
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                        help="scenario files or folders (searched for *.realm.json)")
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="DIR",
                        help="the folder to write the site into (created if missing)")
    parser.add_argument("--base-url", metavar="URL",
                        help="where the site will be published, for canonical links "
                             "(e.g. https://you.github.io/realms/)")
    parser.add_argument("--title", default="Realms scenarios", help="the site's title")
    parser.add_argument("--images", default="", metavar="png,pdf",
                        help="also offer printable boards as PNG and/or PDF downloads "
                             "(slower: about half a second per board)")
    parser.add_argument("--jobs", default="auto", metavar="N",
                        help="pages built in parallel (default auto: one per CPU)")
    parser.add_argument("--playtest", type=int, default=0, metavar="G",
                        help="also play each board G times in the smawg engine with random "
                             "bots and show seat win rates and a heat map of conquests (needs "
                             "smawg; see docs/playtest.md)")
    parser.add_argument("--progress", choices=("auto", "always", "never"), default="auto",
                        help="show a progress bar on stderr (auto: when it is a terminal)")
    parser.set_defaults(handler=run)


def _images(value: str) -> tuple[str, ...] | None:
    wanted = tuple(sorted({v.strip().lower() for v in value.split(",") if v.strip()}))
    return None if any(v not in IMAGE_CHOICES for v in wanted) else wanted


def _progress_bar(done: int, total: int, name: str) -> None:
    width = 30
    filled = width * done // max(total, 1)
    line = f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {ci_path(name)[:50]}"
    sys.stderr.write(line.ljust(100)[:100])
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    from editor.site.build import SiteError, build_site

    images = _images(args.images)
    if images is None:
        report(f"realms site: --images takes a comma-separated list of {', '.join(IMAGE_CHOICES)}"
               f", not {args.images!r}")
        return EXIT_ERROR
    if images:
        from editor.extras import qt_unavailable

        if (reason := qt_unavailable(f"--images {','.join(images)}")) is not None:
            report(f"realms site: {reason}")
            return EXIT_ERROR
    if args.playtest < 0:
        report(f"realms site: --playtest takes a number of games, not {args.playtest}")
        return EXIT_ERROR
    if args.playtest:
        from editor.play.engine import SmawgMissing, require_smawg

        try:
            require_smawg("realms site --playtest")
        except SmawgMissing as exc:
            report(str(exc))
            return EXIT_ERROR
    if args.jobs == "auto":
        from editor.site.build import default_jobs
        jobs = default_jobs()
    elif args.jobs.isdigit() and int(args.jobs) > 0:
        jobs = int(args.jobs)
    else:
        report(f"realms site: --jobs takes a positive number or 'auto', not {args.jobs!r}")
        return EXIT_ERROR
    show = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    existed = os.path.lexists(args.output)
    had_site = (args.output / "index.html").is_file()
    try:  # SIGTERM arrives as editor.cli.main.Terminated, a KeyboardInterrupt
        built = build_site(args.paths, args.output, base_url=args.base_url, images=images,
                           title=args.title, progress=_progress_bar if show else None,
                           jobs=jobs, playtest=args.playtest)
    except KeyboardInterrupt as exc:
        number = signal.SIGTERM if isinstance(exc, Terminated) else signal.SIGINT
        if show:
            sys.stderr.write("\n")
        if had_site:
            left = f"{ci_path(str(args.output))} holds the previous site, unchanged"
        else:
            left = "no site was written"
            if not existed:  # made by this run: nothing of the user's is in it
                with contextlib.suppress(OSError):
                    args.output.rmdir()
        report(f"realms site: stopped by {signal.Signals(number).name}; {left}")
        return 128 + number
    except SiteError as exc:
        report(f"realms site: {exc}")
        return EXIT_ERROR
    except OSError as exc:
        where = exc.filename if exc.filename is not None else args.output
        report(f"realms site: cannot write {ci_path(str(where))}: {exc.strerror or exc}; "
               "check the output folder's permissions and free space")
        return EXIT_ERROR
    if built.stopped_by is not None:
        report(f"realms site: stopped by {signal.Signals(built.stopped_by).name} while the "
               f"new site was put in place, which was finished first: "
               f"{ci_path(str(args.output))} holds the new site, complete")
        return 128 + built.stopped_by
    plural = "" if built.scenarios == 1 else "s"
    print(f"{ci_path(str(args.output))}: {built.scenarios} scenario{plural}, "
          f"{len(built.rebuilt)} built, {len(built.unchanged)} unchanged, "
          f"{len(built.failed)} could not be loaded")
    for source in built.failed:
        print(f"  cannot load: {ci_path(source)} (its card shows why)")
    if not built.scenarios:
        report("realms site: warning: no *.realm.json files found; the site lists no "
               "scenario")
    for line in built.refused:  # nothing of these was read, copied or published
        report(f"realms site: skipped {line}")
    return EXIT_ERROR if built.refused else EXIT_OK
