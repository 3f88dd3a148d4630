"""tools/bench."""
