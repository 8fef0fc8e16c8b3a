"""A tiny union-find: merging water parts into bodies is the only use."""

from __future__ import annotations

from collections.abc import Callable


class UnionFind:
    def __init__(self) -> None:
        self._parent: dict[str, str] = {}

    def add(self, item: str) -> None:
        self._parent.setdefault(item, item)

    def adder(self) -> Callable[[str, str], object]:
        """``add`` without a call of its own: called as ``adder(item, item)``."""
        return self._parent.setdefault

    def contains(self, item: str) -> bool:
        return item in self._parent

    def find(self, item: str) -> str:
        parent = self._parent
        root = item
        while parent[root] != root:
            root = parent[root]
        while parent[item] != root:
            parent[item], item = root, parent[item]
        return root

    def union(self, a: str, b: str) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            # keep the smaller id as root so a body's id is its smallest part id
            if rb < ra:
                ra, rb = rb, ra
            self._parent[rb] = ra

    def groups(self) -> dict[str, list[str]]:
        """Root -> its items, in the order they were added."""
        return self.roots()[1]

    def roots(self) -> tuple[dict[str, str], dict[str, list[str]]]:
        """Each item's root, and :meth:`groups`, in one pass (no call per item)."""
        parent = self._parent
        root_of: dict[str, str] = {}
        groups: dict[str, list[str]] = {}
        for item in parent:
            root = item
            while parent[root] != root:
                root = parent[root]
            root_of[item] = root
            members = groups.get(root)
            if members is None:
                groups[root] = [item]
            else:
                members.append(item)
        return root_of, groups
