"""Shapely geometry built from the model's lattice coordinates (no Qt)."""
