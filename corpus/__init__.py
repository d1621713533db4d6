"""The knowledge base and its documents: profiles, document records, jurisdictions, snapshots,
materialization, and reading any workspace document's text."""
