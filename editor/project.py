"""The project's public addresses, written once: ``[project.urls]`` in pyproject.toml.

SARIF's ``helpUri``s, the language server's rule links, the advice to install the ``gui``
extra and the ``$schema`` that ``realms new`` writes all derive from the ``Repository`` URL,
read at run time from the installed package's metadata (which pip writes from
``[project.urls]``). A checkout run without an install reads pyproject.toml itself; only a
copy with neither falls back to :data:`FALLBACK_REPOSITORY_URL`, which
tests/install/test_snippets.py holds equal to pyproject.toml. The README and docs name the
same repository and say once which address to substitute for a fork.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from editor import __version__

DISTRIBUTION = "realms-studio"
FALLBACK_REPOSITORY_URL = "https://github.com/realms-studio/realms-studio"


def _metadata_urls() -> dict[str, str]:
    from importlib import metadata

    try:
        entries = metadata.metadata(DISTRIBUTION).get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return {}
    urls = {}
    for entry in entries:
        label, _, url = str(entry).partition(",")
        urls[label.strip()] = url.strip()
    return urls


def _checkout_urls() -> dict[str, str]:
    import editor  # the package as imported: a checkout's pyproject.toml is beside it

    for folder in editor.__path__:
        try:
            data = tomllib.loads((Path(folder).parent / "pyproject.toml").read_text("utf-8"))
        except (OSError, ValueError):
            continue
        return _urls_of(data)
    return {}


def _urls_of(data: dict[str, object]) -> dict[str, str]:
    project = data.get("project", {})
    if not isinstance(project, dict) or project.get("name") != DISTRIBUTION:
        return {}
    urls = project.get("urls", {})
    return {str(k): str(v) for k, v in urls.items()} if isinstance(urls, dict) else {}


def project_urls() -> dict[str, str]:
    """``[project.urls]``: from the installed metadata, else the checkout's pyproject.toml."""
    return _metadata_urls() or _checkout_urls()


_URLS = project_urls()
REPOSITORY_URL = _URLS.get("Repository", FALLBACK_REPOSITORY_URL).rstrip("/")
# The docs/ folder as the web shows it: SARIF's helpUri and the LSP's codeDescription
# link a rule to its row of docs/lint.md there.
DOCUMENTATION_URL = _URLS.get("Documentation", f"{REPOSITORY_URL}/blob/main/docs").rstrip("/")
# realms-studio is installed from its git repository, not from a package index.
GIT_REQUIREMENT = f"{DISTRIBUTION} @ git+{REPOSITORY_URL}"
# The release tag of this version: scripts/release.sh tags vVERSION, and the tagged tree
# carries the schemas this version validates with.
RELEASE_TAG = f"v{__version__}"
# Where JSON editors (VS Code, JetBrains) fetch the scenario schema that a file's "$schema"
# key names: the schema of the installed version, at its release tag, so an editor checks a
# file against exactly what this version's `realms lint` checks (docs/format.md).
SCENARIO_SCHEMA_URL = (REPOSITORY_URL.replace("https://github.com/",
                                              "https://raw.githubusercontent.com/")
                       + f"/{RELEASE_TAG}/schemas/scenario.schema.json")
