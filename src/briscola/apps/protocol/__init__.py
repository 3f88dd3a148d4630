"""apps/protocol."""
