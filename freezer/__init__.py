"""Freezing and verifying: the manifest, freeze, verify, diff, exports and the stat cache."""
