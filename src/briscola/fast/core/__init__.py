"""fast/core."""
