"""fast/search."""
