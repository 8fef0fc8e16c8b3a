"""Adjacency and board edges computed from polygons alone, with shapely.

The derivation itself matches hex edges combinatorially; these functions are
the independent geometric answer it is checked against (property tests) and
the baselines it is benchmarked against.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import shapely

# Interiors disjoint, boundaries meet in a line: a shared border of positive length.
# A single shared corner gives dimension 0 and is rejected.
SHARED_BORDER = "F***1****"

Pair = frozenset[str]


def adjacency_strtree(polygons: Mapping[str, shapely.Geometry]) -> set[Pair]:
    """Candidate pairs from an STRtree on bounding boxes, confirmed by a DE-9IM pattern."""
    names = list(polygons)
    geoms = np.array([polygons[n] for n in names], dtype=object)
    tree = shapely.STRtree(geoms)
    left, right = tree.query(geoms)
    keep = left < right
    left, right = left[keep], right[keep]
    hits = shapely.relate_pattern(geoms[left], geoms[right], SHARED_BORDER)
    return {frozenset((names[i], names[j])) for i, j in zip(left[hits], right[hits], strict=True)}


def adjacency_all_pairs(polygons: Mapping[str, shapely.Geometry]) -> set[Pair]:
    """The naive baseline: every pair tested (vectorised per row)."""
    names = list(polygons)
    geoms = np.array([polygons[n] for n in names], dtype=object)
    result: set[Pair] = set()
    for i in range(len(names) - 1):
        hits = shapely.relate_pattern(geoms[i], geoms[i + 1:], SHARED_BORDER)
        result.update(frozenset((names[i], names[i + 1 + j])) for j in np.nonzero(hits)[0])
    return result


def edge_parts(polygons: Mapping[str, shapely.Geometry]) -> set[str]:
    """Parts whose boundary shares a line with the outer ring of the assembled board."""
    names = list(polygons)
    geoms = np.array([polygons[n] for n in names], dtype=object)
    union = shapely.union_all(geoms)
    exteriors = [shapely.LinearRing(p.exterior) for p in getattr(union, "geoms", [union])]
    outline = shapely.MultiLineString(exteriors)
    hits = shapely.relate_pattern(shapely.boundary(geoms), outline, "1********")
    return {names[i] for i in np.nonzero(hits)[0]}
