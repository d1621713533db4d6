"""The adversarial hygiene audit: 13 items plus family consistency, records and waivers."""
