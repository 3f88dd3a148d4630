"""apps/terminal."""
