"""Run several ``realms`` commands as separate processes that share one interpreter start.

``python fork_runs.py < REQUEST`` imports the CLI and the libraries its commands load
(jsonschema, shapely, networkx) once, then forks one child per command, all side by side.
Each child is a fresh process from that point: its own memory cap (``RLIMIT_AS``), stdin
from ``/dev/null``, stdout and stderr in files, the command run by ``editor.cli.main.main``
as ``python -m editor`` runs it (an escaping exception prints its traceback and exits 1).
Children still running at the wall-clock bound are killed. What a child did to its own
memory, caches or signal handlers never reaches another.

This costs one interpreter start and one round of imports for the whole batch instead of
one per command (about 0.6 s of CPU each), which is most of what a hanging-input check
costs. REQUEST is JSON: ``{"runs": [[arg, ...], ...], "bound": s, "memory": bytes,
"folder": path}``; the answer on stdout is one JSON object per run: ``exit`` (the
subprocess-style return code, negative for a signal; null if killed at the bound),
``seconds``, and the ``stdout``/``stderr`` file names in ``folder``.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import signal
import sys
import time
import traceback

SETUP_FAILED = 70  # EX_SOFTWARE

def _child(argv: list[str], out: str, err: str, memory: int) -> None:
    """The forked process: never returns. Exit status 70 if it fails before running the
    command (no exit status a command may give, so the run is reported as broken)."""
    code = SETUP_FAILED
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        for fd, name in ((1, out), (2, err)):
            target = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(target, fd)
            os.close(target)
        sys.argv = ["editor", *argv]
        from editor.cli.main import main

        try:
            code = main(argv)
        except SystemExit as exc:  # what the interpreter does with SystemExit
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            if not isinstance(exc.code, int) and exc.code is not None:
                print(exc.code, file=sys.stderr)
        except BaseException:  # an uncaught exception: traceback, exit 1
            traceback.print_exc()
            code = 1
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(BaseException):
                stream.flush()
    finally:
        os._exit(code & 0xFF if isinstance(code, int) and code >= 0 else SETUP_FAILED)


def serve(request: dict[str, object]) -> list[dict[str, object]]:
    runs = request["runs"]
    folder = str(request["folder"])
    bound = float(request["bound"])  # type: ignore[arg-type]
    memory = int(request["memory"])  # type: ignore[call-overload]
    assert isinstance(runs, list)
    sys.stdout.flush()
    sys.stderr.flush()
    start = time.perf_counter()
    children: dict[int, int] = {}
    answers: list[dict[str, object]] = []
    for index, argv in enumerate(runs):
        out = os.path.join(folder, f"run{index}.stdout")
        err = os.path.join(folder, f"run{index}.stderr")
        answers.append({"exit": None, "seconds": None, "stdout": out, "stderr": err})
        pid = os.fork()
        if pid == 0:
            _child([str(a) for a in argv], out, err, memory)
        children[pid] = index
    while children:
        pid, status = os.waitpid(-1, os.WNOHANG)
        if pid:
            index = children.pop(pid)
            answers[index]["exit"] = os.waitstatus_to_exitcode(status)
            answers[index]["seconds"] = time.perf_counter() - start
            continue
        if time.perf_counter() - start > bound:
            for pid in children:
                os.kill(pid, signal.SIGKILL)
            for pid in list(children):
                os.waitpid(pid, 0)
                answers[children.pop(pid)]["seconds"] = time.perf_counter() - start
            break
        time.sleep(0.005)
    return answers


def _warm() -> None:
    """What the commands import on first use, imported once before the forks."""
    import jsonschema  # noqa: F401
    import networkx  # noqa: F401
    import shapely  # noqa: F401

    import editor.cli.main
    import editor.export
    import editor.export.importers
    import editor.lint.runner
    import editor.model.schemas
    import editor.topology  # noqa: F401


if __name__ == "__main__":
    request = json.loads(sys.stdin.read())
    _warm()
    print(json.dumps(serve(request)))
