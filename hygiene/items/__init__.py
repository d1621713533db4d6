"""One module per audit item (`hNN_<name>.py`, and `fam_family_consistency.py`), each with ID,
NAME and `check(ctx) -> list[Finding]`; the registry finds them."""
