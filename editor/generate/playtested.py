"""``realms generate --playtest G``: of several lint-clean candidates, keep the fairest by
play.

The search (:func:`editor.generate.search.generate`) judges a realm by the balance standard,
which reads the graph of play; a playtest reads games. Here each candidate (the realm of
seeds ``seed``, ``seed + 1``, ...) is played ``games`` times by greedy bots in smawg
(:mod:`editor.play`, seed 1), and the kept one has the fewest standard flags, then the
smallest seat spread (best turn position's win rate minus the worst's), then the smallest
share of land no game conquers. Deterministic: the same arguments give the same file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from editor.generate.search import Generated, generate

CANDIDATES = 4  # realms played before keeping the fairest
PLAY_SEED = 1  # the playtests' own seed (the generator's is the candidate's)


@dataclass(frozen=True)
class Candidate:
    """One lint-clean candidate and how it played."""

    seed: int
    generated: Generated
    spread: float
    unconquered: float

    @property
    def key(self) -> tuple[int, float, float, int]:
        return len(self.generated.flags), self.spread, self.unconquered, self.seed


def fairest(players: int, world: str, seed: int, tiles: Sequence[str] | None, games: int,
            candidates: int = CANDIDATES, jobs: int = 1) -> tuple[Candidate, list[Candidate]]:
    """The fairest of ``candidates`` generated realms by ``games`` greedy playtests each,
    and every candidate played. Raises :class:`editor.play.engine.SmawgMissing` without
    smawg and :class:`editor.generate.search.GenerateError` when no candidate is clean."""
    from editor.generate.confirm import loaded_from
    from editor.generate.search import GenerateError
    from editor.play import PlayError, playtest
    from editor.play.engine import require_smawg
    from editor.topology import derive_realm

    require_smawg("realms generate --playtest")
    played: list[Candidate] = []
    for offset in range(candidates):
        found = generate(players, world, seed + offset, tiles)
        if found.errors or found.warnings:
            continue
        realm = derive_realm(loaded_from(found.data), players)
        try:
            result = playtest(realm, players, games, seed=PLAY_SEED, bot="greedy", jobs=jobs)
        except PlayError:
            continue  # a candidate smawg cannot play is no candidate
        played.append(Candidate(seed + offset, found, result.spread.value,
                                result.unconquered_share.value))
    if not played:
        raise GenerateError(f"none of {candidates} candidates (seeds {seed}-"
                            f"{seed + candidates - 1}) was lint-clean and playable; try "
                            "another seed or more tiles")
    return min(played, key=lambda c: c.key), played
