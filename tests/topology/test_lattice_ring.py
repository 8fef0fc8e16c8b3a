"""``lattice.ring``, the one walk the growth tests and the benchmarks build rings from."""

from __future__ import annotations

from editor.model import lattice


def test_a_ring_is_every_cell_at_its_distance_once_in_walking_order() -> None:
    for centre in ((0, 0), (30, -4)):
        for radius in range(1, 7):
            cells = lattice.ring(radius, centre)
            assert len(cells) == len(set(cells)) == 6 * radius
            assert all(lattice.hex_distance(c, centre) == radius for c in cells)
            # each step goes to a neighbour, and the last one closes the ring
            for a, b in zip(cells, cells[1:] + cells[:1], strict=True):
                assert lattice.hex_distance(a, b) == 1


def test_ring_zero_is_empty() -> None:
    assert lattice.ring(0) == []
