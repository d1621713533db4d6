"""oafreeze: freeze, verify, audit and log legal-AI evaluation environments."""

__version__ = "0.1.0"
