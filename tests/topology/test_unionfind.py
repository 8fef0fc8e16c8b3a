"""The union-find that merges water parts: ``roots`` answers what ``find`` and ``groups`` do."""

from __future__ import annotations

import random

from editor.topology.unionfind import UnionFind


def test_roots_match_find_and_groups() -> None:
    rng = random.Random(5)
    for _ in range(50):
        uf = UnionFind()
        items = [f"{chr(65 + rng.randrange(26))}.w{rng.randrange(9)}" for _ in range(30)]
        for item in items:
            uf.add(item)
        for _ in range(rng.randrange(40)):
            uf.union(rng.choice(items), rng.choice(items))
        root_of, groups = uf.roots()
        assert groups == uf.groups()
        assert list(groups) == list(uf.groups())  # the same order of bodies and members
        assert root_of == {item: uf.find(item) for item in dict.fromkeys(items)}
        # a body's root is its smallest part id
        assert all(root == min(members) for root, members in groups.items())


def test_adder_adds_like_add() -> None:
    uf = UnionFind()
    add = uf.adder()
    add("B.w1", "B.w1")
    uf.add("A.w2")
    uf.union("A.w2", "B.w1")
    add("B.w1", "B.w1")  # already there: its root stays
    assert uf.find("B.w1") == "A.w2" and uf.groups() == {"A.w2": ["B.w1", "A.w2"]}
