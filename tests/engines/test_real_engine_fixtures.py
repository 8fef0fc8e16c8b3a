"""The real-engine fixtures skip with a reason off CI and fail on CI (tests/real_engines.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from real_engines import ENGINES_ENV, require_engine_folder


def test_a_missing_engine_folder_skips_with_the_reason(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    monkeypatch.setenv(ENGINES_ENV, str(tmp_path / "nowhere"))
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception) as skipped:
        require_engine_folder("smawg")
    assert f"the real smawg engine is not at {tmp_path / 'nowhere' / 'smawg'}" in str(
        skipped.value)


def test_a_missing_engine_folder_fails_on_ci(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    monkeypatch.setenv(ENGINES_ENV, str(tmp_path / "nowhere"))
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception) as failed:
        require_engine_folder("cestpasphoto")
    assert "real engine unavailable on CI" in str(failed.value)


def test_the_fixtures_give_the_installed_engines(real_smawg: object,
                                                 real_cestpasphoto: object) -> None:
    """Where the engines are, smawg imports from the environment (not from the snapshot)
    and the cestpasphoto runner reads the snapshot."""
    assert "site-packages" in str(Path(real_smawg.__file__))  # type: ignore[attr-defined]
    assert (real_cestpasphoto.source / "smallworld").is_dir()  # type: ignore[attr-defined]
