"""Whole-collection exports that do not need MkDocs: plain text (for reading and fidelity
checks) and JSON (for tools and for comparing two builds)."""
