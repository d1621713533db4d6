"""The tool's version, recorded in every snapshot, manifest and audit record it writes."""

__version__ = "0.2.0"
