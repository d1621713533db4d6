"""The 13-item adversarial hygiene audit."""
