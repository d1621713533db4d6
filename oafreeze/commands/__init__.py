"""One module per command; each only parses, calls and prints."""
