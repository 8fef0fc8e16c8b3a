"""Every internal link of README.md and docs/*.md resolves, anchors included: part of the
consistency suite's promise (issue 29), checked by the one definition in
tests/messages/test_doc_links.py, imported here rather than copied."""

from __future__ import annotations

from pathlib import Path

import pytest
from messages import test_doc_links as doc_links


@pytest.mark.parametrize("page", doc_links.PAGES,
                         ids=[p.relative_to(doc_links.REPO).as_posix() for p in doc_links.PAGES])
def test_docs_links_resolve(page: Path) -> None:
    doc_links.test_internal_links_resolve(page)
