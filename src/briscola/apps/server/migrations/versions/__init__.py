"""The migrations, oldest first: ``0001_baseline`` (the schema before migrations), then one a
change (docs/operations.md, "Adding a stored field")."""
